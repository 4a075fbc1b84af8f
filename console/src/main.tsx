import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SessionProvider } from './auth/SessionProvider';
import { router } from './routes';
import { publicTheme } from './theme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider theme={publicTheme}>
      <CssBaseline />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ThemeProvider>
  </StrictMode>,
);
