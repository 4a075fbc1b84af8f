import { Suspense, use, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { INVITATION_PASSWORD_MIN_LENGTH, type InvitationPreview } from '@teamfolk/shared/contracts';
import { errorMessage } from '../providers/apiError';
import { dataProvider } from '../providers/dataProvider';
import { useSession } from '../auth/SessionProvider';
import { en, formatText } from '../i18n/en';
import { AuthSubmitButton, useFormFields } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { AuthOutcome, AuthPending } from './AuthStatus';
import { oncePerToken } from './oncePerToken';
import { RequiredTextField } from './RequiredTextField';

const texts = en.app.auth;

type InvitationLookup = { valid: true; invitation: InvitationPreview } | { valid: false; message: string };

const lookUpInvitation = oncePerToken((token) =>
  dataProvider.getInvitation(token).then(
    ({ data: invitation }): InvitationLookup => ({ valid: true, invitation }),
    (error: unknown): InvitationLookup => ({ valid: false, message: errorMessage(error, texts.invalidInvitation) }),
  ),
);

export function InvitationPage() {
  const { token } = useParams();
  return (
    <AuthLayout>
      <title>{`${texts.invitationHeading} · ${en.app.name}`}</title>
      <meta name="robots" content="noindex" />
      {token ? (
        <Suspense fallback={<AuthPending heading={texts.invitationHeading} message={texts.loadingInvitation} />}>
          <InvitationLookupResult token={token} lookup={lookUpInvitation(token)} />
        </Suspense>
      ) : (
        <InvalidInvitation message={texts.noInvitationToken} />
      )}
    </AuthLayout>
  );
}

function InvitationLookupResult({ token, lookup }: { token: string; lookup: Promise<InvitationLookup> }) {
  const result = use(lookup);
  return result.valid ? (
    <AcceptInvitationForm token={token} invitation={result.invitation} />
  ) : (
    <InvalidInvitation message={result.message} />
  );
}

function AcceptInvitationForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { acceptInvitation } = useSession();
  const navigate = useNavigate();
  const { values, field } = useFormFields({ password: '', confirmPassword: '' });
  const { password, confirmPassword } = values;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const passwordTooShort = password.length > 0 && password.length < INVITATION_PASSWORD_MIN_LENGTH;
  const passwordsDiffer = confirmPassword.length > 0 && confirmPassword !== password;
  const canSubmit = password.length >= INVITATION_PASSWORD_MIN_LENGTH && password === confirmPassword;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    setSubmitting(true);
    try {
      await acceptInvitation({ token, password });
      await navigate('/dashboard');
    } catch (failure) {
      setError(errorMessage(failure, texts.createAccountFailed));
      setSubmitting(false);
    }
  }

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {formatText(texts.helloName, { name: invitation.name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {texts.invitedAs}{' '}
        <Box component="strong" sx={{ color: 'text.primary' }}>
          {invitation.email}
        </Box>
      </Typography>
      <Typography color="text.secondary">{texts.choosePassword}</Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="form" onSubmit={handleSubmit} sx={{ mt: 1 }}>
        <input type="email" name="email" value={invitation.email} autoComplete="username" readOnly hidden />
        <RequiredTextField
          label={texts.passwordLabel}
          type="password"
          autoComplete="new-password"
          {...field('password')}
          error={passwordTooShort}
          helperText={passwordTooShort ? texts.invitationPasswordTooShort : ' '}
          autoFocus
        />
        <RequiredTextField
          label={texts.confirmPasswordLabel}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
          error={passwordsDiffer}
          helperText={passwordsDiffer ? texts.passwordsDoNotMatch : ' '}
        />
        <AuthSubmitButton loading={submitting} disabled={!canSubmit} sx={{ mt: 1 }}>
          {texts.acceptInvitation}
        </AuthSubmitButton>
      </Box>
    </>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <AuthOutcome tone="error" heading={texts.invalidInvitationTitle}>
      <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
        {message}
      </Alert>
      <Button variant="contained" size="large" fullWidth onClick={() => navigate('/')}>
        {texts.goToHome}
      </Button>
    </AuthOutcome>
  );
}
