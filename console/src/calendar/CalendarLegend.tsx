import type { ReactNode } from 'react';
import { alpha, Box, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LEGEND_REQUEST_TYPES, pendingBackground, REQUEST_TYPE_STYLES } from './requestTypeStyles';
import { useEventText } from './useEventText';

/** What the colours, the stripes and the tinted days mean. 'Out' (a colleague's sick day) is met by whoever may not see its details. */
export function CalendarLegend({ showOut }: { showOut: boolean }) {
  const translate = useTranslate();
  const { typeLabel } = useEventText();
  const types = LEGEND_REQUEST_TYPES.filter((type) => showOut || type !== 'out');

  return (
    <Box
      component="ul"
      aria-label={translate('resources.calendar.legend.label')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}
    >
      {types.map((type) => (
        <LegendItem
          key={type}
          swatch={
            <Swatch
              sx={{
                bgcolor: REQUEST_TYPE_STYLES[type].tint,
                borderLeft: 4,
                borderLeftColor: REQUEST_TYPE_STYLES[type].accent,
              }}
            />
          }
        >
          {typeLabel(type)}
        </LegendItem>
      ))}
      <LegendItem
        swatch={
          <Swatch
            sx={{
              background: pendingBackground(REQUEST_TYPE_STYLES.vacation),
              border: `1px dashed ${REQUEST_TYPE_STYLES.vacation.accent}`,
            }}
          />
        }
      >
        {translate('resources.calendar.legend.pending')}
      </LegendItem>
      <LegendItem
        swatch={
          <Swatch
            sx={(theme) => ({
              bgcolor: alpha(theme.palette.secondary.main, 0.12),
              border: `1px solid ${alpha(theme.palette.secondary.main, 0.4)}`,
            })}
          />
        }
      >
        {translate('resources.calendar.legend.holiday')}
      </LegendItem>
      <LegendItem swatch={<Swatch sx={{ border: 2, borderColor: 'primary.main' }} />}>
        {translate('resources.calendar.legend.today')}
      </LegendItem>
    </Box>
  );
}

function LegendItem({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '0.8125rem', color: 'text.secondary' }}
    >
      {swatch}
      {children}
    </Box>
  );
}

function Swatch({ sx }: { sx: SxProps<Theme> }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={[{ width: 20, height: 14, borderRadius: 0.5, flexShrink: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
