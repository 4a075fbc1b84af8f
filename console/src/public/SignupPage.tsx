import { useState, type FormEvent } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useNavigate } from 'react-router';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import { useSession } from '../auth/SessionProvider';
import { en } from '../i18n/en';
import { AuthSubmitButton, AuthSwitchLink, useFormFields } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { browserLocation } from './browserLocation';
import { RequiredTextField } from './RequiredTextField';

const texts = en.app.auth;

export function SignupPage() {
  const { signup } = useSession();
  const navigate = useNavigate();
  const { values: form, field } = useFormFields({
    companyName: '',
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [verificationMessage, setVerificationMessage] = useState<string | null>(null);

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
          autoComplete="organization"
          {...field('companyName')}
          autoFocus
        />
        <RequiredTextField label={texts.yourNameLabel} autoComplete="name" {...field('name')} />
        <RequiredTextField label={texts.emailLabel} type="email" autoComplete="email" {...field('email')} />
        <RequiredTextField
          label={texts.passwordLabel}
          type="password"
          autoComplete="new-password"
          {...field('password')}
          helperText={texts.passwordRule}
        />
        <RequiredTextField
          label={texts.confirmPasswordLabel}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <AuthSubmitButton loading={submitting} disabled={verificationMessage !== null}>
          {texts.createAccount}
        </AuthSubmitButton>
      </Box>
      <AuthSwitchLink question={texts.haveAccount} to="/login" label={texts.signInLink} />
    </AuthLayout>
  );
}
