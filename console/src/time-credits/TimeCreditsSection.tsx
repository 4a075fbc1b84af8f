import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { timeCreditTexts, type TimeCreditRecord } from '@teamfolk/shared/contracts';
import { canAccess } from '@teamfolk/shared/rules';
import { useDataProvider, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { formatHourCount } from '../format/amounts';
import { CardGrid } from '../layout/CardGrid';
import { LeaveStatusChip } from '../leaves/LeaveFields';
import { formatLeaveDate } from '../leaves/leaveFormat';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

/** Enough for a screen: a company's pending credits, or one person's recent ones. */
const SHOWN = 50;

/**
 * Extra hours on the Leave Requests screen (time in lieu): admins decide the pending ones where they
 * decide leave; everyone else sees their own with their status. Cards in one column on phones.
 */
export function TimeCreditsSection() {
  const translate = useTranslate();
  const { user } = useSession();
  const decides = canAccess(user, { resource: 'timeCredits', action: 'approve' });
  const { data, isPending, error } = useGetList<TimeCreditRecord>('time-credits', {
    pagination: { page: 1, perPage: SHOWN },
    sort: { field: 'created_at', order: 'DESC' },
    filter: decides ? { status: 'pending' } : {},
  });
  const headingId = 'time-credits-heading';

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h3" variant="h6" sx={{ mb: 2 }}>
        {translate(decides ? 'resources.timeCredits.adminTitle' : 'resources.timeCredits.employeeTitle')}
      </Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={translate('app.loading')} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error, timeCreditTexts.fetchFailed)}</Alert>
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary">
          {translate(decides ? 'resources.timeCredits.noneToDecide' : 'resources.timeCredits.noneLogged')}
        </Typography>
      ) : (
        <CardGrid label={translate('resources.timeCredits.listLabel')} minCardWidth={280}>
          {data.map((credit) => (
            <Box component="li" key={credit.id}>
              <TimeCreditCard credit={credit} decides={decides && credit.status === 'pending'} />
            </Box>
          ))}
        </CardGrid>
      )}
    </Box>
  );
}

function TimeCreditCard({ credit, decides }: { credit: TimeCreditRecord; decides: boolean }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{credit.employee_name}</Typography>
          <LeaveStatusChip status={credit.status} />
        </Box>
        <Typography variant="body2">
          {translate('resources.timeCredits.worked', {
            smart_count: credit.hours,
            hours: formatHourCount(credit.hours),
            date: formatLeaveDate(credit.date),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {credit.reason}
        </Typography>
        {decides && <DecideCreditButtons credit={credit} />}
      </CardContent>
    </Card>
  );
}

function DecideCreditButtons({ credit }: { credit: TimeCreditRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);

  async function decide(approved: boolean) {
    setDeciding(approved ? 'approve' : 'reject');
    try {
      const { data } = await dataProvider.decideTimeCredit(credit.id, approved);
      notify(data.message || (approved ? timeCreditTexts.approved : timeCreditTexts.rejected), { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, timeCreditTexts.updateFailed), { type: 'error' });
      setDeciding(null);
    }
  }

  const name = { name: credit.employee_name };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
      <Button
        size="small"
        variant="outlined"
        color="success"
        startIcon={<CheckCircleIcon />}
        aria-label={translate('resources.timeCredits.actions.approveLabel', name)}
        loading={deciding === 'approve'}
        disabled={deciding !== null}
        onClick={() => void decide(true)}
      >
        {translate('resources.timeCredits.actions.approve')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<CancelIcon />}
        aria-label={translate('resources.timeCredits.actions.rejectLabel', name)}
        loading={deciding === 'reject'}
        disabled={deciding !== null}
        onClick={() => void decide(false)}
      >
        {translate('resources.timeCredits.actions.reject')}
      </Button>
    </Box>
  );
}
