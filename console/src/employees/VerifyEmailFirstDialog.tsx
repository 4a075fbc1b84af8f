import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../auth/SessionProvider';

type ResendFeedback = { severity: 'success' | 'error'; message: string };

/** Opened by Add Employee while the admin's address is unverified: why adding must wait, and the resend. */
export function VerifyEmailFirstDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const { user, resendVerification } = useSession();
  const titleId = useId();
  const [sending, setSending] = useState(false);
  const [feedback, setFeedback] = useState<ResendFeedback | null>(null);
  if (!user) return null;
  const email = user.email;

  async function resend() {
    setSending(true);
    setFeedback(null);
    const result = await resendVerification(email);
    setSending(false);
    setFeedback(
      result.success
        ? { severity: 'success', message: translate('app.auth.resendSuccess') }
        : { severity: 'error', message: result.message },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('resources.employees.verifyFirst.title')}</DialogTitle>
      <DialogContent>
        <Typography>{translate('resources.employees.verifyFirst.reason')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {translate('resources.employees.verifyFirst.sentTo', { email })}
        </Typography>
        {feedback && (
          <Typography
            role="status"
            sx={{ mt: 2, color: feedback.severity === 'success' ? 'success.dark' : 'error.main', fontWeight: 500 }}
          >
            {feedback.message}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('resources.employees.verifyFirst.close')}</Button>
        <Button variant="contained" loading={sending} onClick={() => void resend()}>
          {translate('app.verificationBanner.resend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
