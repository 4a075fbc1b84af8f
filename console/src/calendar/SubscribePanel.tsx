import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Paper, Skeleton, TextField, Typography } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

type FeedState = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; url: string };

/** The user's secret feed URL for calendar apps, with copy, and a new URL that retires the old one at once. */
export function SubscribePanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [attempt, setAttempt] = useState(0);
  const [feed, setFeed] = useState<FeedState & { attempt: number }>();
  const [confirming, setConfirming] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const urlInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider.getCalendarFeed({ signal: controller.signal }).then(
      ({ data: { url } }) => setFeed({ status: 'ready', url, attempt }),
      (error: unknown) => {
        if (!controller.signal.aborted) setFeed({ status: 'failed', error, attempt });
      },
    );
    return () => controller.abort();
  }, [attempt, dataProvider]);

  const state: FeedState = feed && feed.attempt === attempt ? feed : { status: 'loading' };

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify('resources.calendar.subscribe.copied', { type: 'success' });
    } catch {
      // Without clipboard access (an insecure origin, a denied permission) the selected text is one keystroke away.
      urlInput.current?.select();
      notify('resources.calendar.subscribe.copyFailed', { type: 'warning' });
    }
  }

  async function regenerate() {
    setRegenerating(true);
    try {
      const {
        data: { url },
      } = await dataProvider.regenerateCalendarFeed();
      setFeed({ status: 'ready', url, attempt });
      setConfirming(false);
      notify('resources.calendar.subscribe.regenerated', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, translate('resources.calendar.subscribe.regenerateFailed')), { type: 'error' });
    } finally {
      setRegenerating(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="subscribe-heading" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <RssFeedIcon aria-hidden color="primary" fontSize="small" />
        <Typography id="subscribe-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('resources.calendar.subscribe.title')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.calendar.subscribe.text')}
      </Typography>
      {state.status === 'loading' && <Skeleton variant="rounded" height={40} aria-hidden />}
      {state.status === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((current) => current + 1)}>
              {translate('resources.calendar.retry')}
            </Button>
          }
        >
          {errorMessage(state.error, translate('resources.calendar.subscribe.loadFailed'))}
        </Alert>
      )}
      {state.status === 'ready' && (
        <>
          <TextField
            label={translate('resources.calendar.subscribe.urlLabel')}
            value={state.url}
            size="small"
            fullWidth
            inputRef={urlInput}
            onFocus={(focus) => focus.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', fontSize: 13 } },
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
            <Button
              variant="contained"
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy(state.url)}
            >
              {translate('resources.calendar.subscribe.copy')}
            </Button>
            <Button size="small" color="inherit" startIcon={<AutorenewIcon />} onClick={() => setConfirming(true)}>
              {translate('resources.calendar.subscribe.regenerate')}
            </Button>
          </Box>
        </>
      )}
      <Confirm
        isOpen={confirming}
        loading={regenerating}
        title="resources.calendar.subscribe.confirmTitle"
        content="resources.calendar.subscribe.confirmContent"
        confirm="resources.calendar.subscribe.confirm"
        confirmColor="warning"
        ConfirmIcon={AutorenewIcon}
        onConfirm={() => void regenerate()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
