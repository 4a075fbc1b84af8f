import { Suspense, use } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../providers/apiError';
import { dataProvider } from '../providers/dataProvider';
import { en } from '../i18n/en';
import { AuthLayout } from './AuthLayout';

const texts = en.app.auth;

type VerificationOutcome = { verified: true } | { verified: false; message: string };

/**
 * A verification token works once, so each token is sent once per page load, whatever React
 * does with effects and re-renders (StrictMode mounts twice in development).
 */
const verificationsByToken = new Map<string, Promise<VerificationOutcome>>();

function verifyEmailOnce(token: string): Promise<VerificationOutcome> {
  let verification = verificationsByToken.get(token);
  if (!verification) {
    verification = dataProvider.verifyEmail(token).then(
      (): VerificationOutcome => ({ verified: true }),
      (error: unknown): VerificationOutcome => ({
        verified: false,
        message: errorMessage(error, texts.verificationFailed),
      }),
    );
    verificationsByToken.set(token, verification);
  }
  return verification;
}

export function VerifyEmailPage() {
  const { token } = useParams();
  return (
    <AuthLayout>
      <title>{`${texts.verifyEmailHeading} · ${en.app.name}`}</title>
      <meta name="robots" content="noindex" />
      {token ? (
        <Suspense fallback={<VerificationPending />}>
          <VerificationResult verification={verifyEmailOnce(token)} />
        </Suspense>
      ) : (
        <VerificationFailure message={texts.invalidVerificationLink} />
      )}
    </AuthLayout>
  );
}

function VerificationPending() {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {texts.verifyEmailHeading}
      </Typography>
      <CircularProgress aria-hidden />
      <Typography>{texts.verifying}</Typography>
    </Stack>
  );
}

function VerificationResult({ verification }: { verification: Promise<VerificationOutcome> }) {
  const outcome = use(verification);
  return outcome.verified ? <VerificationSuccess /> : <VerificationFailure message={outcome.message} />;
}

function VerificationSuccess() {
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {texts.verifiedTitle}
      </Typography>
      <Typography color="text.secondary">{texts.verifiedMessage}</Typography>
      <Button variant="contained" size="large" fullWidth onClick={() => navigate('/login')}>
        {texts.continueToLogin}
      </Button>
    </Stack>
  );
}

function VerificationFailure({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {texts.verificationFailedTitle}
      </Typography>
      <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
        {message}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, width: '100%', flexWrap: 'wrap' }}>
        <Button variant="contained" sx={{ flex: '1 1 140px' }} onClick={() => navigate('/login')}>
          {texts.backToLogin}
        </Button>
        <Button variant="outlined" sx={{ flex: '1 1 140px' }} onClick={() => navigate('/signup')}>
          {texts.tryAgain}
        </Button>
      </Box>
    </Stack>
  );
}
