import type { ReactNode } from 'react';
import { Box, CssBaseline, Paper, ThemeProvider, Typography } from '@mui/material';
import { publicTheme } from '../theme';
import { Brand } from './Brand';

interface AuthLayoutProps {
  /** The page's h1; screens whose heading changes with their state render their own. */
  title?: string;
  children: ReactNode;
}

/**
 * The centred card shared by the sign-in, sign-up, verification and invitation screens. The MUI
 * theme is provided here, not at the root, so the landing and legal pages load none of it.
 */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  return (
    <ThemeProvider theme={publicTheme}>
      <CssBaseline />
      <Box
        component="main"
        sx={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: { xs: 'flex-start', sm: 'center' },
          gap: 3,
          px: 2,
          py: { xs: 3, sm: 6 },
          bgcolor: 'background.default',
        }}
      >
        <Brand />
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
          {title && (
            <Typography component="h1" variant="h5" sx={{ mb: 2, fontWeight: 600 }}>
              {title}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
    </ThemeProvider>
  );
}
