import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { TIMERS_MS } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { useReturnToPage } from './returnToPage';
import { useSession } from './SessionProvider';

type ResendFeedback = { severity: 'success' | 'error'; message: string };

/**
 * Reminds a user with an unverified address to verify it. While shown it re-reads the user (every 30 s,
 * and when the user comes back to the tab, typically from the e-mail) so that it disappears on its own
 * once the link in the e-mail has been used (spec section 4).
 */
export function EmailVerificationBanner() {
  const { user, refresh, resendVerification } = useSession();
  const translate = useTranslate();
  const [dismissed, setDismissed] = useState(false);
  const [sending, setSending] = useState(false);
  const [feedback, setFeedback] = useState<ResendFeedback | null>(null);
  const [resendCount, setResendCount] = useState(0);
  const shown = user !== null && !user.emailVerified && !dismissed;

  const refreshInBackground = useCallback(() => void refresh({ background: true }), [refresh]);
  useEffect(() => {
    if (!shown) return;
    const timer = window.setInterval(refreshInBackground, TIMERS_MS.verificationBannerRefresh);
    return () => window.clearInterval(timer);
  }, [shown, refreshInBackground]);
  useReturnToPage(shown, refreshInBackground);

  useEffect(() => {
    if (resendCount === 0) return;
    const timer = window.setTimeout(() => void refresh(), TIMERS_MS.refreshAfterResend);
    return () => window.clearTimeout(timer);
  }, [resendCount, refresh]);

  if (!shown) return null;

  async function handleResend(email: string) {
    setSending(true);
    setFeedback(null);
    const result = await resendVerification(email);
    setSending(false);
    if (result.success) {
      setFeedback({ severity: 'success', message: translate('app.auth.resendSuccess') });
      setResendCount((count) => count + 1);
    } else {
      setFeedback({ severity: 'error', message: result.message });
    }
  }

  return (
    <Alert severity="warning" onClose={() => setDismissed(true)} sx={{ mb: 3 }}>
      <Typography variant="body2">{translate('app.auth.verificationBanner')}</Typography>
      <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          loading={sending}
          onClick={() => void handleResend(user.email)}
        >
          {translate('app.verificationBanner.resend')}
        </Button>
        {feedback && (
          <Typography
            role="status"
            variant="body2"
            sx={{ color: feedback.severity === 'success' ? 'success.dark' : 'error.main', fontWeight: 500 }}
          >
            {feedback.message}
          </Typography>
        )}
      </Box>
    </Alert>
  );
}
