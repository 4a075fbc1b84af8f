import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import InsightsIcon from '@mui/icons-material/Insights';
import { reportTexts } from '@teamfolk/shared/contracts';
import { EmptyState } from '../layout/EmptyState';
import type { ReportState } from './useReport';

/** The loading, error and empty states of a report; its content once it has rows. */
export function ReportStatus<Row>({
  state,
  title,
  children,
}: {
  state: ReportState<Row>;
  title: string;
  children: (rows: Row[]) => ReactNode;
}) {
  if (state.error !== undefined)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={state.retry}>
            {reportTexts.retry}
          </Button>
        }
      >
        {state.error}
      </Alert>
    );
  if (state.rows === undefined)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{reportTexts.loading}</Typography>
      </Box>
    );
  if (state.rows.length === 0) return <EmptyState icon={<InsightsIcon />} title={title} message={reportTexts.empty} />;
  return <>{children(state.rows)}</>;
}
