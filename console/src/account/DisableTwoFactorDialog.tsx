import { useId, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { TwoFactorStatus } from '@teamfolk/shared/contracts';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { useFormFields } from '../public/AuthForm';
import { RequiredTextField } from '../public/RequiredTextField';

interface DisableTwoFactorDialogProps {
  onClose: () => void;
  onDisabled: (status: TwoFactorStatus) => void;
}

/** Turning the second step off asks for the password and a current code (or a recovery code). */
export function DisableTwoFactorDialog({ onClose, onDisabled }: DisableTwoFactorDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const titleId = useId();
  const { values, field } = useFormFields({ password: '', code: '' });
  const [problem, setProblem] = useState<{ field: 'password' | 'code' | null; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setSending(true);
    try {
      const { data: status } = await dataProvider.disableTwoFactor(values);
      onDisabled(status);
    } catch (failure) {
      const field = failure instanceof ApiRequestError ? failure.field : undefined;
      setProblem({
        field: field === 'password' || field === 'code' ? field : null,
        message: errorMessage(failure, translate('app.account.twoFactor.disableFailed')),
      });
      setSending(false);
    }
  }

  const errorOf = (field: 'password' | 'code') => (problem?.field === field ? problem.message : undefined);

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Box component="form" onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{translate('app.account.twoFactor.turnOffTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>{translate('app.account.twoFactor.turnOffIntro')}</Typography>
          {problem && problem.field === null && <Alert severity="error">{problem.message}</Alert>}
          <RequiredTextField
            label={translate('app.account.twoFactor.passwordLabel')}
            type="password"
            autoComplete="current-password"
            {...field('password')}
            autoFocus
            error={Boolean(errorOf('password'))}
            helperText={errorOf('password')}
          />
          <RequiredTextField
            label={translate('app.account.twoFactor.codeOrRecoveryLabel')}
            {...field('code')}
            autoComplete="one-time-code"
            error={Boolean(errorOf('code'))}
            helperText={errorOf('code')}
            slotProps={{ htmlInput: { maxLength: 64, autoCapitalize: 'none', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={sending}>
            {translate('app.account.twoFactor.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={sending}>
            {translate('app.account.twoFactor.turnOffConfirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
