import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { en } from '../i18n/en';

interface PageProps {
  title: string;
  /** The screen this one was opened from, for one reached from another rather than from the menu. */
  back?: { to: string; label: string };
  children?: ReactNode;
}

/** The frame of every dashboard screen: its heading (h2, under the app bar's h1) and content. */
export function Page({ title, back, children }: PageProps) {
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, py: { xs: 2, sm: 3 }, maxWidth: 1200, width: '100%' }}>
      <title>{`${title} · ${en.app.name}`}</title>
      {back && (
        <Button component={RouterLink} to={back.to} size="small" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
          {back.label}
        </Button>
      )}
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 3, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
