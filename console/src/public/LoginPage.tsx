import { useState, type FormEvent } from 'react';
import { Alert, Box } from '@mui/material';
import { errorMessage } from '../providers/apiError';
import { useSession } from '../auth/SessionProvider';
import { en } from '../i18n/en';
import { AuthSubmitButton, AuthSwitchLink, useFormFields } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { RequiredTextField } from './RequiredTextField';
import { TwoFactorStep } from './TwoFactorStep';

const texts = en.app.auth;

export function LoginPage() {
  const { login, endReason } = useSession();
  const { values, setValues, field } = useFormFields({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Set once the password is right and the account asks for its second step. */
  const [challenge, setChallenge] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const signedIn = await login(values);
      if ('twoFactorRequired' in signedIn) {
        setChallenge(signedIn.challenge);
        setSubmitting(false);
        return;
      }
      // Signed in: RedirectSignedIn takes the visitor to the dashboard.
    } catch (failure) {
      setError(errorMessage(failure, texts.loginFailed));
      setSubmitting(false);
    }
  }

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onRestart={(message) => {
          setChallenge(null);
          setValues((current) => ({ ...current, password: '' }));
          setError(message ?? null);
        }}
      />
    );
  }

  return (
    <AuthLayout title={texts.signInHeading}>
      <title>{`${texts.signIn} · ${en.app.name}`}</title>
      {endReason === 'expired' && !error && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {texts.sessionExpired}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="form" onSubmit={handleSubmit}>
        <RequiredTextField label={texts.emailLabel} type="email" autoComplete="email" {...field('email')} autoFocus />
        <RequiredTextField
          label={texts.passwordLabel}
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <AuthSubmitButton loading={submitting}>{texts.signIn}</AuthSubmitButton>
      </Box>
      <AuthSwitchLink question={texts.noAccount} to="/signup" label={texts.signUp} />
    </AuthLayout>
  );
}
