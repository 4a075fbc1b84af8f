import { useState } from 'react';
import { Box } from '@mui/material';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { LEAVE_SORT_FIELDS, LEAVE_STATUSES, REQUEST_TYPES, type LeaveRequestRecord } from '@teamfolk/shared/contracts';
import {
  AutocompleteInput,
  BooleanInput,
  DataTable,
  DateInput,
  ExportButton,
  FilterButton,
  ReferenceInput,
  SelectInput,
  SortButton,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { canAccess } from '@teamfolk/shared/rules';
import { useSession } from '../auth/SessionProvider';
import { errorMessage } from '../providers/apiError';
import { LiveSubscriptionOnly } from '../layout/LiveSubscriptionOnly';
import { Page } from '../layout/Page';
import {
  ListEmpty,
  ListLoadError,
  ResponsiveList,
  responsiveTableSx,
  stickyActionsColumnSx,
} from '../layout/ResponsiveList';
import { useIsMobile } from '../layout/useIsMobile';
import { FocusedLeaveAnchor, focusedRowSx } from './FocusedLeave';
import { LeaveCards } from './LeaveCards';
import { SubmitLeaveButton } from './SubmitLeaveButton';
import { LogExtraHoursButton } from '../time-credits/LogExtraHoursButton';
import { TimeCreditsSection } from '../time-credits/TimeCreditsSection';
import { exportLeaves } from './leaveExporter';
import {
  LeaveDateText,
  LeaveDaysText,
  LeaveDurationText,
  LeaveReasonText,
  LeaveStatusChip,
  RequestTypeText,
  SubmittedText,
} from './LeaveFields';
import { focusedLeaveIdOf, listSearchForLink } from './leaveLink';
import { LeaveRowActions } from './LeaveRowActions';
import { approvedTeamsOf } from '../teams/approver';
import { LeavesToDecideProvider } from '../teams/LeavesToDecide';

const statusChoices = LEAVE_STATUSES.map((status) => ({ id: status, name: `resources.leaves.statuses.${status}` }));
const requestTypeChoices = REQUEST_TYPES.map((type) => ({ id: type, name: `resources.leaves.requestTypes.${type}` }));
const mobileSortFields = LEAVE_SORT_FIELDS.filter((field) => field !== 'id');

/** The status filter (and on wider screens the request type) shows at once; the others are behind 'Add filter'. */
function leaveFilters({
  byEmployee,
  isMobile,
  approves,
}: {
  byEmployee: boolean;
  isMobile: boolean;
  approves: boolean;
}) {
  return [
    ...(approves ? [<BooleanInput key="to_decide" source="to_decide" alwaysOn />] : []),
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput key="request_type" source="request_type" choices={requestTypeChoices} alwaysOn={!isMobile} />,
    ...(byEmployee
      ? [
          <ReferenceInput
            key="employee_id"
            source="employee_id"
            reference="employees"
            sort={{ field: 'name', order: 'ASC' }}
          >
            <AutocompleteInput optionText="name" label="resources.leaves.fields.employee_id" sx={{ minWidth: 200 }} />
          </ReferenceInput>,
        ]
      : []),
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
}

/**
 * /dashboard/leaves (spec section 2): every role's requests, scoped by the API. The admins' e-mail links
 * here with ?status=pending&focus=<id>, which opens the list filtered and the request highlighted.
 */
export function LeaveList() {
  const translate = useTranslate();
  const { search } = useLocation();
  const linkedSearch = listSearchForLink(search);
  if (linkedSearch !== null) return <Navigate replace to={{ search: linkedSearch }} />;
  return (
    <LiveSubscriptionOnly title={translate('resources.leaves.name', { smart_count: 2 })}>
      <LeaveListPage />
    </LiveSubscriptionOnly>
  );
}

function LeaveListPage() {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const { user } = useSession();
  const { search } = useLocation();
  // Read once: the list rewrites the address as filters change, but the highlight stays until the page is left.
  const [focusedId] = useState(() => focusedLeaveIdOf(search));

  return (
    <Page title={translate('resources.leaves.name', { smart_count: 2 })}>
      <LeavesToDecideProvider>
        <ResponsiveList<LeaveRequestRecord>
          sort={{ field: 'created_at', order: 'DESC' }}
          filters={leaveFilters({
            byEmployee: canAccess(user, { resource: 'employees', action: 'list' }),
            isMobile,
            approves: approvedTeamsOf(user).length > 0,
          })}
          actions={<LeaveListActions />}
          exporter={exportLeaves}
          empty={
            <ListEmpty
              icon={<EventNoteIcon />}
              title={translate('resources.leaves.empty.title')}
              message={translate(
                user?.role === 'admin'
                  ? 'resources.leaves.empty.adminMessage'
                  : 'resources.leaves.empty.employeeMessage',
              )}
              action={
                <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
                  <LogExtraHoursButton />
                  <SubmitLeaveButton />
                </Box>
              }
            />
          }
          error={
            <ListLoadError
              retryLabel={translate('resources.leaves.list.retry')}
              message={(error) => errorMessage(error, translate('resources.leaves.messages.fetchFailed'))}
            />
          }
          fetchFailedMessage={translate('resources.leaves.messages.fetchFailed')}
          // react-admin paints its toolbars white on phones, where the cards below sit on the page's own background.
          sx={{ '& .RaList-actions, & .RaList-actions > .MuiToolbar-root': { bgcolor: 'transparent' } }}
          table={<LeaveTable focusedId={focusedId} />}
          cards={<LeaveCards focusedId={focusedId} />}
        />
      </LeavesToDecideProvider>
      <TimeCreditsSection />
    </Page>
  );
}

function LeaveTable({ focusedId }: { focusedId: number | null }) {
  return (
    <DataTable<LeaveRequestRecord>
      bulkActionButtons={false}
      rowClick={false}
      rowSx={(leave) => (leave.id === focusedId ? focusedRowSx : {})}
      sx={responsiveTableSx}
    >
      <DataTable.Col<LeaveRequestRecord>
        source="employee_name"
        render={(leave) => (
          <>
            {leave.id === focusedId && <FocusedLeaveAnchor />}
            {leave.employee_name}
          </>
        )}
        sx={{ minWidth: 120, fontWeight: 600 }}
      />
      <DataTable.Col<LeaveRequestRecord> source="request_type" render={(leave) => <RequestTypeText leave={leave} />} />
      <DataTable.Col<LeaveRequestRecord>
        source="start_date"
        render={(leave) => <LeaveDateText isoDate={leave.start_date} />}
      />
      <DataTable.Col<LeaveRequestRecord>
        source="end_date"
        render={(leave) => <LeaveDateText isoDate={leave.end_date} />}
      />
      <DataTable.Col<LeaveRequestRecord>
        label="resources.leaves.fields.duration"
        disableSort
        render={(leave) => <LeaveDurationText leave={leave} />}
      />
      <DataTable.Col<LeaveRequestRecord>
        source="days_count"
        align="right"
        render={(leave) => <LeaveDaysText leave={leave} />}
      />
      <DataTable.Col<LeaveRequestRecord>
        source="reason"
        disableSort
        render={(leave) => <LeaveReasonText leave={leave} />}
        sx={{ minWidth: 140, maxWidth: 240, overflowWrap: 'anywhere' }}
      />
      <DataTable.Col<LeaveRequestRecord>
        source="status"
        render={(leave) => <LeaveStatusChip status={leave.status} />}
      />
      <DataTable.Col<LeaveRequestRecord>
        source="created_at"
        render={(leave) => <SubmittedText leave={leave} />}
        sx={{ minWidth: 110 }}
      />
      <DataTable.Col<LeaveRequestRecord>
        label="resources.leaves.fields.actions"
        disableSort
        align="right"
        sx={stickyActionsColumnSx}
      >
        <LeaveRowActions look="icon" />
      </DataTable.Col>
    </DataTable>
  );
}

function LeaveListActions() {
  const isMobile = useIsMobile();
  return (
    <TopToolbar
      sx={{
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 1,
        flexWrap: isMobile ? 'wrap' : 'nowrap',
        flexShrink: 0,
      }}
    >
      {isMobile && <SortButton fields={mobileSortFields} />}
      <FilterButton />
      <ExportButton />
      <LogExtraHoursButton />
      <SubmitLeaveButton />
    </TopToolbar>
  );
}
