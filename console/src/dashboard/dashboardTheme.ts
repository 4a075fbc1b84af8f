import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { brandThemeOptions } from '../theme';

export const dashboardTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...brandThemeOptions.palette },
  shape: brandThemeOptions.shape,
  typography: { ...defaultTheme.typography, ...brandThemeOptions.typography },
};
