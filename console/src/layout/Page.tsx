import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { en } from '../i18n/en';

/** The frame of every dashboard screen: its heading (h2, under the app bar's h1) and content. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, py: { xs: 2, sm: 3 }, maxWidth: 1200, width: '100%' }}>
      <title>{`${title} · ${en.app.name}`}</title>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 3, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
