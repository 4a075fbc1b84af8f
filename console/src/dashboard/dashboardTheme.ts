import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { brandThemeOptions } from '../theme';

export const dashboardTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...brandThemeOptions.palette },
  shape: brandThemeOptions.shape,
  typography: { ...defaultTheme.typography, ...brandThemeOptions.typography },
  components: {
    ...defaultTheme.components,
    MuiTooltip: {
      defaultProps: {
        // Tooltips name icon buttons on hover (their accessible names do so for assistive technology).
        // Opened on focus, one stayed on screen after a tap or a closed menu handed focus back, over
        // the buttons beside it. Touch keeps MUI's long press, which closes by itself.
        disableFocusListener: true,
      },
    },
  },
};
