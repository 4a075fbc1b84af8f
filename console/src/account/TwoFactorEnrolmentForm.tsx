import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { TwoFactorEnabledReply, TwoFactorEnrolment } from '@teamfolk/shared/contracts';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { RequiredTextField } from '../public/RequiredTextField';
import { normaliseCodeInput } from './accountSecurityForms';

interface TwoFactorEnrolmentFormProps {
  enrolment: TwoFactorEnrolment;
  onEnabled: (reply: TwoFactorEnabledReply) => void;
  onCancel: () => void;
}

/** The QR code (or the key to type in), then the first code from the app, which turns it on. */
export function TwoFactorEnrolmentForm({ enrolment, onEnabled, onCancel }: TwoFactorEnrolmentFormProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const secretId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSending(true);
    try {
      const { data: reply } = await dataProvider.confirmTwoFactor(code);
      onEnabled(reply);
    } catch (failure) {
      setError(errorMessage(failure, translate('app.account.twoFactor.confirmFailed')));
      setSending(false);
    }
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Typography>{translate('app.account.twoFactor.scan')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Box
          component="img"
          src={enrolment.qrCodeDataUrl}
          alt={translate('app.account.twoFactor.qrAlt')}
          width={200}
          height={200}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white', flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.account.twoFactor.manualEntry')}
          </Typography>
          <Typography variant="body2" component="span" id={secretId} sx={{ display: 'block', mt: 1 }}>
            {translate('app.account.twoFactor.secretLabel')}
          </Typography>
          <Box
            component="code"
            aria-labelledby={secretId}
            data-testid="two-factor-secret"
            sx={{
              display: 'block',
              fontFamily: 'monospace',
              fontSize: '1rem',
              letterSpacing: '0.08em',
              overflowWrap: 'anywhere',
              userSelect: 'all',
            }}
          >
            {enrolment.secret}
          </Box>
        </Box>
      </Stack>
      <Box component="form" onSubmit={(event) => void submit(event)} sx={{ mt: 2, maxWidth: 320 }}>
        <RequiredTextField
          label={translate('app.account.twoFactor.codeLabel')}
          name="code"
          value={code}
          onChange={(event) => {
            setCode(normaliseCodeInput(event.target.value));
            setError(null);
          }}
          autoComplete="one-time-code"
          error={Boolean(error)}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" loading={sending} disabled={code.length !== 6}>
            {translate('app.account.twoFactor.confirm')}
          </Button>
          <Button onClick={onCancel} disabled={sending}>
            {translate('app.account.twoFactor.cancel')}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
