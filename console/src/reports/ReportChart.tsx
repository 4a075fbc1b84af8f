import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A chart with its caption; the figures it draws are in the table under it, for screen readers and print. */
export function ReportChart({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Box
      component="figure"
      sx={{
        m: 0,
        mt: 2,
        p: { xs: 1, sm: 2 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        breakInside: 'avoid',
        contain: 'inline-size',
      }}
    >
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {caption}
      </Typography>
      {children}
    </Box>
  );
}
