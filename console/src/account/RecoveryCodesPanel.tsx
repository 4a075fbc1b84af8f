import { useId, useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { recoveryCodesFile } from './accountSecurityForms';

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}

/** The recovery codes, shown once: copy or download them, then confirm they are saved. */
export function RecoveryCodesPanel({ codes, email, onDone }: RecoveryCodesPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const headingId = useId();
  const [saved, setSaved] = useState(false);
  const text = recoveryCodesFile(translate('app.account.twoFactor.downloadHeading', { email }), codes);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify(translate('app.account.twoFactor.copied'), { type: 'success' });
    } catch {
      notify(translate('app.account.twoFactor.copyFailed'), { type: 'warning' });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'teamfolk-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('app.account.twoFactor.recoveryTitle')}
      </Typography>
      <Alert severity="warning" sx={{ mt: 1 }}>
        {translate('app.account.twoFactor.recoveryIntro')}
      </Alert>
      <Box
        component="ol"
        aria-label={translate('app.account.twoFactor.recoveryListLabel')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, max-content)' },
          columnGap: 6,
          rowGap: 0.5,
          my: 2,
          pl: 4,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('app.account.twoFactor.copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          {translate('app.account.twoFactor.download')}
        </Button>
      </Stack>
      <FormControlLabel
        sx={{ display: 'flex', mt: 2 }}
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label={translate('app.account.twoFactor.savedConfirmation')}
      />
      <Button variant="contained" disabled={!saved} onClick={onDone} sx={{ mt: 1 }}>
        {translate('app.account.twoFactor.done')}
      </Button>
    </Box>
  );
}
