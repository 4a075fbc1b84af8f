import type { ReactNode } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { FullPageLoader } from '../public/FullPageLoader';
import { returnLoadingLabel } from './returnLoadingLabel';

const currentReturnLabel = () => returnLoadingLabel(window.location.pathname, window.location.search);

/** The dashboard's first load: on a return from checkout, what it waits for; else `fallback`. */
export function ReturnPageLoading({ fallback }: { fallback: ReactNode }) {
  const label = currentReturnLabel();
  return label ? <FullPageLoader label={label} /> : fallback;
}

/** Inside the dashboard, while the billing screen's code or permissions load. */
export function ReturnScreenLoading({ fallback }: { fallback: ReactNode }) {
  const label = currentReturnLabel();
  if (!label) return fallback;
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{label}</Typography>
    </Box>
  );
}
