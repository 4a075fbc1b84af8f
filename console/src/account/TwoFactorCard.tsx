import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  twoFactorTexts,
  type TwoFactorEnabledReply,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@teamfolk/shared/contracts';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { useSession } from '../auth/SessionProvider';
import { AccountCard } from './AccountCard';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorEnrolmentForm } from './TwoFactorEnrolmentForm';

const enabledDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

type Step =
  | { kind: 'overview' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'recovery-codes'; codes: string[] };

/** Admins: two-step sign-in, off or on; turning it on goes QR code → first code → recovery codes. */
export function TwoFactorCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const { user, adoptSession } = useSession();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'overview' });
  const [starting, setStarting] = useState(false);
  const [disabling, setDisabling] = useState(false);

  const fetchStatus = useCallback(
    (signal?: AbortSignal) =>
      dataProvider.getTwoFactorStatus({ signal }).then(
        ({ data }) => setStatus(data),
        (error: unknown) => {
          if (signal?.aborted) return;
          setLoadError(errorMessage(error, translate('app.account.twoFactor.loadFailed')));
        },
      ),
    [dataProvider, translate],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchStatus(controller.signal);
    return () => controller.abort();
  }, [fetchStatus]);

  function retry() {
    setLoadError(null);
    void fetchStatus();
  }

  async function start() {
    setStarting(true);
    try {
      const { data: enrolment } = await dataProvider.startTwoFactor();
      setStep({ kind: 'enrolling', enrolment });
    } catch (error) {
      notify(errorMessage(error, translate('app.account.twoFactor.startFailed')), { type: 'error' });
    } finally {
      setStarting(false);
    }
  }

  function enabled(reply: TwoFactorEnabledReply) {
    // At once: the token this tab held ended with every other password-only session.
    adoptSession({ token: reply.token, user: reply.user });
    setStatus(reply.status);
    setStep({ kind: 'recovery-codes', codes: reply.recoveryCodes });
    notify(reply.message, { type: 'success' });
  }

  function disabled(next: TwoFactorStatus) {
    setDisabling(false);
    setStatus(next);
    notify(twoFactorTexts.disabled, { type: 'info' });
  }

  return (
    <AccountCard
      title={translate('app.account.twoFactor.title')}
      status={
        status && (
          <Chip
            size="small"
            color={status.enabled ? 'success' : 'default'}
            label={translate(status.enabled ? 'app.account.twoFactor.on' : 'app.account.twoFactor.off')}
          />
        )
      }
      intro={translate('app.account.twoFactor.intro')}
    >
      {!status && !loadError && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{translate('app.account.twoFactor.loading')}</Typography>
        </Box>
      )}
      {loadError && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {translate('app.account.twoFactor.retry')}
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}

      {status && step.kind === 'recovery-codes' && (
        <RecoveryCodesPanel codes={step.codes} email={user?.email ?? ''} onDone={() => setStep({ kind: 'overview' })} />
      )}
      {status && step.kind === 'enrolling' && (
        <TwoFactorEnrolmentForm
          enrolment={step.enrolment}
          onEnabled={enabled}
          onCancel={() => setStep({ kind: 'overview' })}
        />
      )}
      {status && step.kind === 'overview' && !status.enabled && (
        <Button variant="contained" loading={starting} onClick={() => void start()} sx={{ mt: 2 }}>
          {translate('app.account.twoFactor.turnOn')}
        </Button>
      )}
      {status && step.kind === 'overview' && status.enabled && (
        <Box sx={{ mt: 2 }}>
          {status.enabledAt && (
            <Typography>
              {translate('app.account.twoFactor.enabledSince', {
                date: enabledDateFormat.format(new Date(status.enabledAt)),
              })}
            </Typography>
          )}
          <Typography color={status.recoveryCodesRemaining < 3 ? 'warning.main' : 'text.secondary'}>
            {translate('app.account.twoFactor.recoveryRemaining', { smart_count: status.recoveryCodesRemaining })}
          </Typography>
          <Button variant="outlined" color="error" onClick={() => setDisabling(true)} sx={{ mt: 2 }}>
            {translate('app.account.twoFactor.turnOff')}
          </Button>
        </Box>
      )}
      {disabling && <DisableTwoFactorDialog onClose={() => setDisabling(false)} onDisabled={disabled} />}
    </AccountCard>
  );
}
