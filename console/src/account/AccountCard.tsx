import { useId, type ReactNode } from 'react';
import { Card, CardContent, Stack, Typography } from '@mui/material';

interface AccountCardProps {
  title: string;
  /** Beside the title: the state the card is in (two-step sign-in on or off). */
  status?: ReactNode;
  /** What the card is for, under the title. */
  intro: string;
  children: ReactNode;
}

/** A card of the account page: a section named by its heading, what it is for, then its content. */
export function AccountCard({ title, status, intro, children }: AccountCardProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h3" variant="h6" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {status}
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {intro}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
