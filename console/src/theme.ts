import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** Brand settings shared by the public pages and the react-admin dashboard. */
export const brandThemeOptions = {
  palette: {
    primary: { main: '#1f4e8c' },
    secondary: { main: '#0f7a6f' },
    background: { default: '#f4f6fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
} satisfies ThemeOptions;

export const publicTheme = createTheme(brandThemeOptions);
