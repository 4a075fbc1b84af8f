import { Chip } from '@mui/material';
import { amber, green, grey, red } from '@mui/material/colors';
import CircleIcon from '@mui/icons-material/Circle';

export type StatusTone = 'good' | 'attention' | 'bad' | 'neutral';

/** Tinted, with a coloured dot and dark text, as the leave statuses: it reads well whatever the colour. */
const TONES: Record<StatusTone, { tint: string; accent: string }> = {
  good: { tint: green[50], accent: green[700] },
  attention: { tint: amber[50], accent: amber[800] },
  bad: { tint: red[50], accent: red[700] },
  neutral: { tint: grey[100], accent: grey[500] },
};

export function StatusChip({ tone, label }: { tone: StatusTone; label: string }) {
  const { tint, accent } = TONES[tone];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CircleIcon aria-hidden sx={{ '&&': { color: accent, fontSize: 10 } }} />}
      label={label}
      sx={{ bgcolor: tint, borderColor: accent, color: 'text.primary', fontWeight: 600 }}
    />
  );
}
