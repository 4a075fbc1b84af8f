import type { ReactNode } from 'react';
import { Box, Card, CardActions, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { LeaveRequestRecord } from '@teamfolk/shared/contracts';
import { ListNoResults, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { FocusedLeaveAnchor, focusedCardSx } from './FocusedLeave';
import { leaveActionsFor } from './leaveActions';
import {
  LeaveDateText,
  LeaveDaysText,
  LeaveDurationText,
  LeaveReasonText,
  LeaveStatusChip,
  RequestTypeText,
  SubmittedText,
} from './LeaveFields';
import { LeaveRowActions } from './LeaveRowActions';

const LOADING_CARDS = 3;

/** The list below 600px: one card per request with the table's fields and actions. */
export function LeaveCards({ focusedId }: { focusedId: number | null }) {
  const { data, isPending } = useListContext<LeaveRequestRecord>();
  const { user } = useSession();
  const translate = useTranslate();

  if (isPending) {
    return (
      <Stack spacing={1.5} role="status" aria-label={translate('app.loading')}>
        {Array.from({ length: LOADING_CARDS }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={200} />
        ))}
      </Stack>
    );
  }
  if (!data?.length) return <ListNoResults />;

  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label={translate('resources.leaves.list.cardsLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {data.map((leave) => {
        const focused = leave.id === focusedId;
        const actions = leaveActionsFor(user?.role, leave);
        return (
          <RecordContextProvider key={leave.id} value={leave}>
            <Card component="li" variant="outlined" sx={focused ? focusedCardSx : undefined}>
              {focused && <FocusedLeaveAnchor />}
              <CardContent sx={{ pb: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                  <Typography
                    component="h3"
                    variant="subtitle1"
                    sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
                  >
                    {leave.employee_name}
                  </Typography>
                  <LeaveStatusChip status={leave.status} />
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  <RequestTypeText leave={leave} /> · <LeaveDurationText leave={leave} />
                </Typography>
                <Box
                  component="dl"
                  sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
                >
                  <CardField label={translate('resources.leaves.fields.start_date')}>
                    <LeaveDateText isoDate={leave.start_date} />
                  </CardField>
                  <CardField label={translate('resources.leaves.fields.end_date')}>
                    <LeaveDateText isoDate={leave.end_date} />
                  </CardField>
                  <CardField label={translate('resources.leaves.fields.days_count')}>
                    <LeaveDaysText leave={leave} />
                  </CardField>
                  <CardField label={translate('resources.leaves.fields.reason')}>
                    <LeaveReasonText leave={leave} />
                  </CardField>
                  <CardField label={translate('resources.leaves.fields.created_at')}>
                    <SubmittedText leave={leave} />
                  </CardField>
                </Box>
              </CardContent>
              {(actions.decide || actions.withdraw) && (
                <CardActions sx={{ justifyContent: 'flex-end', pt: 0, px: 2, pb: 2 }}>
                  <LeaveRowActions look="button" />
                </CardActions>
              )}
            </Card>
          </RecordContextProvider>
        );
      })}
    </Stack>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
