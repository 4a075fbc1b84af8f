import type { ReactElement } from 'react';
import { Paper, Typography } from '@mui/material';

interface EmptyStateProps {
  icon: ReactElement;
  title: string;
  message: string;
}

export function EmptyState({ icon, title, message }: EmptyStateProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 3, sm: 6 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        color: 'text.secondary',
        '& > svg': { fontSize: 48, mb: 1 },
      }}
    >
      {icon}
      <Typography component="h3" variant="h6" color="text.primary">
        {title}
      </Typography>
      <Typography sx={{ maxWidth: 480 }}>{message}</Typography>
    </Paper>
  );
}
