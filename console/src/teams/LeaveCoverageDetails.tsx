import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import {
  isCalendarBlackout,
  periodText,
  type CalendarEvent,
  type EmployeeRecord,
  type LeaveRequestRecord,
} from '@teamfolk/shared/contracts';
import { canAccess } from '@teamfolk/shared/rules';
import { useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { approvedTeamsOf, detailsTeamOf } from './approver';
import { colleaguesOutOfEvents, type ColleagueOutDates } from './colleaguesOut';
import { useLeavesToDecide } from './LeavesToDecide';

type Lookup =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; out: ColleagueOutDates[] };

/**
 * A request's details for whoever decides it: the colleagues (its owner's team, or the company) out
 * on its days, with their dates only, and the coverage conflict an approval met.
 */
export function LeaveCoverageDetails({ leave, onClose }: { leave: LeaveRequestRecord; onClose: () => void }) {
  const translate = useTranslate();
  const { conflicts } = useLeavesToDecide();
  const lookup = useColleaguesOut(leave);
  const conflict = conflicts.get(leave.id);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`leave-details-${leave.id}`}>
      <DialogTitle id={`leave-details-${leave.id}`}>
        {translate('resources.leaves.actions.details')}
        <Typography color="text.secondary">
          {leave.employee_name}: {periodText(leave.start_date, leave.end_date)}
        </Typography>
      </DialogTitle>
      <DialogContent>
        {conflict && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {conflict}
          </Alert>
        )}
        {lookup.status === 'loading' && (
          <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={16} aria-hidden />
            {translate('resources.leaves.details.loading')}
          </Typography>
        )}
        {lookup.status === 'failed' && <Alert severity="error">{lookup.message}</Alert>}
        {lookup.status === 'loaded' &&
          (lookup.out.length === 0 ? (
            <Typography>{translate('resources.leaves.details.nobodyOut')}</Typography>
          ) : (
            <>
              <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
                {translate('resources.leaves.details.colleaguesOut')}
              </Typography>
              <ul aria-label={translate('resources.leaves.details.colleaguesOut')}>
                {lookup.out.map((colleague) => (
                  <li key={colleague.name}>
                    {colleague.name}: {colleague.dates.map((dates) => periodText(dates.start, dates.end)).join(', ')}
                  </li>
                ))}
              </ul>
            </>
          ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The calendar of the request's dates, for its owner's team when the screen knows it. */
function useColleaguesOut(leave: LeaveRequestRecord): Lookup {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const { user } = useSession();
  const readsEmployees = canAccess(user, { resource: 'employees', action: 'show' });
  const { data: employee, isPending } = useGetOne<EmployeeRecord & { team_id?: number | null }>(
    'employees',
    { id: leave.employee_id ?? 0 },
    { enabled: readsEmployees && leave.employee_id !== null },
  );
  const waitsForEmployee = readsEmployees && leave.employee_id !== null && isPending;
  const teamId = detailsTeamOf(employee?.team_id, readsEmployees ? [] : approvedTeamsOf(user));
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });

  useEffect(() => {
    if (waitsForEmployee) return;
    const controller = new AbortController();
    dataProvider
      .getCalendarEvents({ start: leave.start_date, end: leave.end_date, teamId }, { signal: controller.signal })
      .then(
        ({ data }) =>
          setLookup({
            status: 'loaded',
            out: colleaguesOutOfEvents(
              data.filter((entry): entry is CalendarEvent => !isCalendarBlackout(entry)),
              leave,
            ),
          }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            setLookup({ status: 'failed', message: errorMessage(error, translate('resources.leaves.details.failed')) });
        },
      );
    return () => controller.abort();
  }, [dataProvider, leave, teamId, translate, waitsForEmployee]);

  return lookup;
}
