import { Box, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { LeaveRequestRecord } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { CardField, CardFields, RecordCardList } from '../layout/RecordCardList';
import { FocusedLeaveAnchor, focusedCardSx } from './FocusedLeave';
import {
  LeaveDateText,
  LeaveDaysText,
  LeaveDurationText,
  LeaveReasonText,
  LeaveStatusChip,
  RequestTypeText,
  SubmittedText,
} from './LeaveFields';
import { LeaveRowActions, useLeaveRowActions } from './LeaveRowActions';

/** The list below 600px: one card per request with the table's fields and actions. */
export function LeaveCards({ focusedId }: { focusedId: number | null }) {
  const translate = useTranslate();

  return (
    <RecordCardList<LeaveRequestRecord>
      label={translate('resources.leaves.list.cardsLabel')}
      placeholderHeight={200}
      renderCard={(leave) => {
        const focused = leave.id === focusedId;
        return (
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
              <CardFields>
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
              </CardFields>
            </CardContent>
            <LeaveCardActions leave={leave} />
          </Card>
        );
      }}
    />
  );
}

function LeaveCardActions({ leave }: { leave: LeaveRequestRecord }) {
  const actions = useLeaveRowActions(leave);
  if (!actions.decide && !actions.withdraw) return null;
  return (
    <CardActions sx={{ justifyContent: 'flex-end', pt: 0, px: 2, pb: 2 }}>
      <LeaveRowActions look="button" />
    </CardActions>
  );
}
