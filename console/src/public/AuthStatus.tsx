import type { ReactNode } from 'react';
import { Stack, Typography, CircularProgress } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';

const headingSx = { fontWeight: 600 } as const;

/** What an e-mailed link's page shows while the API checks its token. */
export function AuthPending({ heading, message }: { heading: string; message: string }) {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
      <Typography component="h1" variant="h5" sx={headingSx}>
        {heading}
      </Typography>
      <CircularProgress aria-hidden />
      <Typography>{message}</Typography>
    </Stack>
  );
}

/** The answer to an e-mailed link: success or failure, its heading, then what to read and do next. */
export function AuthOutcome({
  tone,
  heading,
  children,
}: {
  tone: 'success' | 'error';
  heading: string;
  children: ReactNode;
}) {
  const Icon = tone === 'success' ? CheckCircleOutlineIcon : ErrorOutlineIcon;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Icon color={tone} sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h1" variant="h5" sx={headingSx}>
        {heading}
      </Typography>
      {children}
    </Stack>
  );
}
