import { useMediaQuery, type Theme } from '@mui/material';
import { LAYOUT } from '@teamfolk/shared/contracts';

/** Below the spec's 600px breakpoint (MUI's `sm`, which the `sx` breakpoints use too) the sidebar is a temporary drawer. */
export function useIsMobile(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down(LAYOUT.mobileBreakpointPx), { noSsr: true });
}
