import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import { useSession } from '../auth/SessionProvider';
import { en } from '../i18n/en';
import { AuthLayout } from './AuthLayout';
import { browserLocation } from './browserLocation';
import { RequiredTextField } from './RequiredTextField';

const texts = en.app.auth;

const emptyForm = { companyName: '', name: '', email: '', password: '', confirmPassword: '' };
type SignupForm = typeof emptyForm;

export function SignupPage() {
  const { signup } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<SignupForm>(emptyForm);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [verificationMessage, setVerificationMessage] = useState<string | null>(null);

  const updateField = (field: keyof SignupForm) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (form.password !== form.confirmPassword) {
      setError(texts.passwordsDoNotMatch);
      return;
    }
    setSubmitting(true);
    const account = { email: form.email, password: form.password, name: form.name, companyName: form.companyName };
    try {
      // The company's time zone and holidays start from the browser's; an admin can change them later.
      const reply = await signup({ ...account, ...browserLocation() }).catch((failure: unknown) => {
        // The user cannot correct what the browser said: the company then starts in UTC, without holidays.
        const unusable = failure instanceof ApiRequestError && ['timeZone', 'country'].includes(failure.field ?? '');
        if (unusable) return signup(account);
        throw failure;
      });
      if ('requiresVerification' in reply) {
        setVerificationMessage(reply.message || texts.checkYourEmail);
        setSubmitting(false);
        return;
      }
      // Signed in: RedirectSignedIn takes the visitor to the dashboard.
    } catch (failure) {
      setError(errorMessage(failure, texts.signupFailed));
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title={texts.signUpHeading}>
      <title>{`${texts.signUp} · ${en.app.name}`}</title>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {verificationMessage && (
        <>
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {verificationMessage}
          </Alert>
          <Button variant="contained" size="large" fullWidth onClick={() => navigate('/login')} sx={{ mb: 1 }}>
            {texts.goToLogin}
          </Button>
        </>
      )}
      <Box component="form" onSubmit={handleSubmit}>
        <RequiredTextField
          label={texts.companyNameLabel}
          name="companyName"
          autoComplete="organization"
          value={form.companyName}
          onChange={updateField('companyName')}
          autoFocus
        />
        <RequiredTextField
          label={texts.yourNameLabel}
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={updateField('name')}
        />
        <RequiredTextField
          label={texts.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={updateField('email')}
        />
        <RequiredTextField
          label={texts.passwordLabel}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={updateField('password')}
          helperText={texts.passwordRule}
        />
        <RequiredTextField
          label={texts.confirmPasswordLabel}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={updateField('confirmPassword')}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={submitting}
          disabled={verificationMessage !== null}
          sx={{ mt: 2 }}
        >
          {texts.createAccount}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {texts.haveAccount}{' '}
        <Link component={RouterLink} to="/login">
          {texts.signInLink}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
