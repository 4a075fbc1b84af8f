import { useId, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { dataExportFileName, type DataExportRecord, type DataExportScope } from '@teamfolk/shared/contracts';
import { canAccess } from '@teamfolk/shared/rules';
import { AccountCard } from '../account/AccountCard';
import { useSession } from '../auth/SessionProvider';
import { saveAsFile } from '../layout/saveAsFile';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { isInProgress } from './dataExportState';
import { useDataExports } from './useDataExports';

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Your data" on the account page: everyone downloads a copy of their own data, admins also of the
 * company's (GDPR Art. 15, 20). A request is prepared by a job; the card waits for it, then offers
 * the file.
 */
export function DataExportCard() {
  const translate = useTranslate();
  const { user } = useSession();
  const { latest, request } = useDataExports();
  const scopes = (['self', 'company'] as const).filter((scope) =>
    canAccess(user, { resource: 'dataExports', action: 'create', record: { scope } }),
  );

  return (
    <AccountCard title={translate('app.privacy.title')} intro={translate('app.privacy.intro')}>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {scopes.map((scope) => (
          <ExportRow key={scope} scope={scope} record={latest[scope]} onRequest={() => request(scope)} />
        ))}
      </Stack>
    </AccountCard>
  );
}

function ExportRow({
  scope,
  record,
  onRequest,
}: {
  scope: DataExportScope;
  record: DataExportRecord | undefined;
  onRequest: () => Promise<void>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const headingId = useId();
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify(errorMessage(error, translate(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const ask = () => run(onRequest, 'app.privacy.requestFailed');
  const save = async (ready: DataExportRecord) => {
    if (!ready.readyAt) throw new Error('The export is not ready');
    const { data } = await dataProvider.downloadDataExport(ready);
    saveAsFile(data, dataExportFileName(ready.scope, ready.readyAt));
  };
  const preparing = isInProgress(record);
  const ready = record?.status === 'ready';

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(`app.privacy.scopes.${scope}`)}
      </Typography>
      {record?.status === 'failed' && (
        <Alert severity="error" sx={{ my: 1 }}>
          {translate('app.privacy.failed')}
        </Alert>
      )}
      {preparing && (
        <Box sx={{ my: 1, maxWidth: 420 }} role="status">
          <Typography variant="body2">{translate('app.privacy.preparing')}</Typography>
          <LinearProgress sx={{ mt: 1 }} />
        </Box>
      )}
      {ready && record.expiresAt && (
        <Typography variant="body2" sx={{ my: 1 }} role="status">
          {translate('app.privacy.ready', { expires: expiryFormat.format(new Date(record.expiresAt)) })}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
        {ready ? (
          <>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              loading={busy}
              onClick={() => void run(() => save(record), 'app.privacy.downloadFailed')}
            >
              {translate('app.privacy.save')}
            </Button>
            <Button disabled={busy} onClick={() => void ask()}>
              {translate('app.privacy.again')}
            </Button>
          </>
        ) : (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={busy || preparing}
            onClick={() => void ask()}
          >
            {translate(`app.privacy.request.${scope}`)}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
