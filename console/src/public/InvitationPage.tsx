import { Suspense, use, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { useNavigate, useParams } from 'react-router';
import { INVITATION_PASSWORD_MIN_LENGTH, type InvitationPreview } from '@teamfolk/shared/contracts';
import { errorMessage } from '../providers/apiError';
import { dataProvider } from '../providers/dataProvider';
import { useSession } from '../auth/SessionProvider';
import { en, formatText } from '../i18n/en';
import { AuthLayout } from './AuthLayout';
import { RequiredTextField } from './RequiredTextField';

const texts = en.app.auth;

type InvitationLookup = { valid: true; invitation: InvitationPreview } | { valid: false; message: string };

/** One look-up per token and page load: Suspense needs the same promise on every render. */
const lookupsByToken = new Map<string, Promise<InvitationLookup>>();

function lookUpInvitation(token: string): Promise<InvitationLookup> {
  let lookup = lookupsByToken.get(token);
  if (!lookup) {
    lookup = dataProvider.getInvitation(token).then(
      ({ data: invitation }): InvitationLookup => ({ valid: true, invitation }),
      (error: unknown): InvitationLookup => ({ valid: false, message: errorMessage(error, texts.invalidInvitation) }),
    );
    lookupsByToken.set(token, lookup);
  }
  return lookup;
}

export function InvitationPage() {
  const { token } = useParams();
  return (
    <AuthLayout>
      <title>{`${texts.invitationHeading} · ${en.app.name}`}</title>
      <meta name="robots" content="noindex" />
      {token ? (
        <Suspense fallback={<InvitationPending />}>
          <InvitationLookupResult token={token} lookup={lookUpInvitation(token)} />
        </Suspense>
      ) : (
        <InvalidInvitation message={texts.noInvitationToken} />
      )}
    </AuthLayout>
  );
}

function InvitationPending() {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {texts.invitationHeading}
      </Typography>
      <CircularProgress aria-hidden />
      <Typography>{texts.loadingInvitation}</Typography>
    </Stack>
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
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
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
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordTooShort}
          helperText={passwordTooShort ? texts.invitationPasswordTooShort : ' '}
          autoFocus
        />
        <RequiredTextField
          label={texts.confirmPasswordLabel}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={passwordsDiffer}
          helperText={passwordsDiffer ? texts.passwordsDoNotMatch : ' '}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={submitting}
          disabled={!canSubmit}
          sx={{ mt: 1 }}
        >
          {texts.acceptInvitation}
        </Button>
      </Box>
    </>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {texts.invalidInvitationTitle}
      </Typography>
      <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
        {message}
      </Alert>
      <Button variant="contained" size="large" fullWidth onClick={() => navigate('/')}>
        {texts.goToHome}
      </Button>
    </Stack>
  );
}
