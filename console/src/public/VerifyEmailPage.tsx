import { Suspense, use } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../providers/apiError';
import { dataProvider } from '../providers/dataProvider';
import { en } from '../i18n/en';
import { AuthLayout } from './AuthLayout';
import { AuthOutcome, AuthPending } from './AuthStatus';
import { oncePerToken } from './oncePerToken';

const texts = en.app.auth;

type VerificationOutcome = { verified: true } | { verified: false; message: string };

/** A verification token works once. */
const verifyEmailOnce = oncePerToken((token) =>
  dataProvider.verifyEmail(token).then(
    (): VerificationOutcome => ({ verified: true }),
    (error: unknown): VerificationOutcome => ({
      verified: false,
      message: errorMessage(error, texts.verificationFailed),
    }),
  ),
);

export function VerifyEmailPage() {
  const { token } = useParams();
  return (
    <AuthLayout>
      <title>{`${texts.verifyEmailHeading} · ${en.app.name}`}</title>
      <meta name="robots" content="noindex" />
      {token ? (
        <Suspense fallback={<AuthPending heading={texts.verifyEmailHeading} message={texts.verifying} />}>
          <VerificationResult verification={verifyEmailOnce(token)} />
        </Suspense>
      ) : (
        <VerificationFailure message={texts.invalidVerificationLink} />
      )}
    </AuthLayout>
  );
}

function VerificationResult({ verification }: { verification: Promise<VerificationOutcome> }) {
  const outcome = use(verification);
  return outcome.verified ? <VerificationSuccess /> : <VerificationFailure message={outcome.message} />;
}

function VerificationSuccess() {
  const navigate = useNavigate();
  return (
    <AuthOutcome tone="success" heading={texts.verifiedTitle}>
      <Typography color="text.secondary">{texts.verifiedMessage}</Typography>
      <Button variant="contained" size="large" fullWidth onClick={() => navigate('/login')}>
        {texts.continueToLogin}
      </Button>
    </AuthOutcome>
  );
}

function VerificationFailure({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <AuthOutcome tone="error" heading={texts.verificationFailedTitle}>
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
    </AuthOutcome>
  );
}
