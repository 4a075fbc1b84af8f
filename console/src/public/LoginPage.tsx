import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../providers/apiError';
import { useSession } from '../auth/SessionProvider';
import { en } from '../i18n/en';
import { AuthLayout } from './AuthLayout';
import { RequiredTextField } from './RequiredTextField';
import { TwoFactorStep } from './TwoFactorStep';

const texts = en.app.auth;

export function LoginPage() {
  const { login, endReason } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Set once the password is right and the account asks for its second step. */
  const [challenge, setChallenge] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const signedIn = await login({ email, password });
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
          setPassword('');
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
        <RequiredTextField
          label={texts.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoFocus
        />
        <RequiredTextField
          label={texts.passwordLabel}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={submitting} sx={{ mt: 2 }}>
          {texts.signIn}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {texts.noAccount}{' '}
        <Link component={RouterLink} to="/signup">
          {texts.signUp}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
