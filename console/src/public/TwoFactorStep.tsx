import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { twoFactorTexts } from '@teamfolk/shared/contracts';
import { normaliseCodeInput } from '../account/accountSecurityForms';
import { errorMessage } from '../providers/apiError';
import { useSession } from '../auth/SessionProvider';
import { en } from '../i18n/en';
import { AuthSubmitButton } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { RequiredTextField } from './RequiredTextField';

const texts = en.app.twoStepLogin;

interface TwoFactorStepProps {
  /** From the password step; it expires after a few minutes. */
  challenge: string;
  /** Back to the password step, with a message to show there (an expired challenge). */
  onRestart: (message?: string) => void;
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function TwoFactorStep({ challenge, onRestart }: TwoFactorStepProps) {
  const { completeTwoFactorLogin } = useSession();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const usingApp = mode === 'app';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await completeTwoFactorLogin({ challenge, code });
      // Signed in: RedirectSignedIn, around the sign-in page, takes the visitor to the dashboard.
    } catch (failure) {
      const message = errorMessage(failure, texts.failed);
      if (message === twoFactorTexts.challengeExpired) {
        onRestart(message);
        return;
      }
      setError(message);
      setSubmitting(false);
      input.current?.focus();
    }
  }

  function switchMode() {
    setMode(usingApp ? 'recovery' : 'app');
    setCode('');
    setError(null);
    input.current?.focus();
  }

  return (
    <AuthLayout title={texts.heading}>
      <title>{`${texts.heading} · ${en.app.name}`}</title>
      <Typography sx={{ mb: 1 }}>{usingApp ? texts.codeIntro : texts.recoveryIntro}</Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Box component="form" onSubmit={handleSubmit}>
        <RequiredTextField
          key={mode}
          inputRef={input}
          label={usingApp ? texts.codeLabel : texts.recoveryLabel}
          name="code"
          value={code}
          onChange={(event) => setCode(usingApp ? normaliseCodeInput(event.target.value) : event.target.value)}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{
            htmlInput: usingApp
              ? { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 }
              : { maxLength: 64, autoCapitalize: 'none', spellCheck: false },
          }}
        />
        <AuthSubmitButton loading={submitting}>{texts.verify}</AuthSubmitButton>
      </Box>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="text" onClick={switchMode} disabled={submitting}>
          {usingApp ? texts.useRecoveryCode : texts.useApp}
        </Button>
        <Button variant="text" onClick={() => onRestart()} disabled={submitting}>
          {texts.backToSignIn}
        </Button>
      </Box>
    </AuthLayout>
  );
}
