import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import { DataTable, ExportButton, SearchInput, SortButton, TopToolbar, useRefresh, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { EmailVerificationBanner } from '../auth/EmailVerificationBanner';
import { CheckoutReportAlert } from '../billing/CheckoutReportAlert';
import { announceEmployeesChanged } from '../billing/employeesChanged';
import { useCheckoutReport, useUnreportedCheckout } from '../billing/useCheckoutReport';
import { AdminOnly } from '../layout/AdminOnly';
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
import { FormerEmployeesLink } from '../privacy/FormerEmployeesLink';
import { TeamFilterInput } from '../teams/TeamFilterInput';
import { TeamName } from '../teams/TeamName';
import { AddEmployeeButton, AddEmployeeProvider } from './EmployeeCreate';
import { EmployeeCards } from './EmployeeCards';
import { exportEmployees } from './employeeExporter';
import { balanceColumns, Birthday, EmployeeName, HireDate } from './EmployeeFields';
import { EmployeeRowActions } from './EmployeeRowActions';

/** What another screen may pass when it navigates here, e.g. billing once the first employee is paid for. */
export interface EmployeesLocationState {
  successMessage?: string;
}

const searchFilters = [<SearchInput key="q" source="q" alwaysOn />, <TeamFilterInput key="team_id" alwaysOn />];
const mobileSortFields = [
  'name',
  'hire_date',
  'vacation_days_remaining',
  'sick_days_remaining',
  'bank_hours_remaining',
];

/** /dashboard/employees (spec section 2), for admins only. */
export function EmployeeList() {
  const translate = useTranslate();
  return (
    <AdminOnly resource="employees">
      <LiveSubscriptionOnly title={translate('resources.employees.name', { smart_count: 2 })}>
        <EmployeeListPage />
      </LiveSubscriptionOnly>
    </AdminOnly>
  );
}

function EmployeeListPage() {
  const translate = useTranslate();

  return (
    <Page title={translate('resources.employees.name', { smart_count: 2 })}>
      <EmailVerificationBanner />
      <SuccessMessageFromNavigation />
      <PaidCheckoutReport />
      <AddEmployeeProvider>
        <ResponsiveList<EmployeeRecord>
          sort={{ field: 'name', order: 'ASC' }}
          filters={searchFilters}
          actions={<EmployeeListActions />}
          exporter={exportEmployees}
          empty={
            <ListEmpty
              icon={<PeopleIcon />}
              title={translate('resources.employees.empty.title')}
              message={translate('resources.employees.empty.message')}
              action={
                <>
                  <AddEmployeeButton />
                  <FormerEmployeesLink />
                </>
              }
            />
          }
          error={
            <ListLoadError
              retryLabel={translate('resources.employees.list.retry')}
              message={() => translate('resources.employees.messages.fetchFailed')}
            />
          }
          fetchFailedMessage={translate('resources.employees.messages.fetchFailed')}
          table={<EmployeeTable />}
          cards={<EmployeeCards />}
        />
      </AddEmployeeProvider>
    </Page>
  );
}

/**
 * Ten columns beside the menu at 1280 px (about 990 px): headers, dates, balances and e-mail addresses
 * stay on one line, names and roles wrap between words, and an address longer than its column ends in an
 * ellipsis (whole in its title and to screen readers). The sort arrow shows on the sorted column only:
 * the others' hidden arrows took the width of a column.
 */
const employeeTableSx = {
  ...responsiveTableSx,
  '& .MuiTableCell-root': { px: 0.5, fontSize: '0.8125rem', whiteSpace: 'nowrap' },
  '& .MuiTableCell-root.column-name, & .MuiTableCell-root.column-role': { whiteSpace: 'normal' },
  '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
} as const;

function EmployeeTable() {
  return (
    <DataTable<EmployeeRecord> bulkActionButtons={false} rowClick={false} sx={employeeTableSx}>
      <DataTable.Col<EmployeeRecord>
        source="name"
        render={(employee) => <EmployeeName employee={employee} />}
        sx={{ minWidth: 120 }}
      />
      <DataTable.Col<EmployeeRecord>
        source="email"
        render={(employee) => <span title={employee.email}>{employee.email}</span>}
        sx={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' }}
      />
      <DataTable.Col<EmployeeRecord> source="role" sx={{ minWidth: 80 }} />
      <DataTable.Col<EmployeeRecord>
        source="team_id"
        disableSort
        render={(employee) => <TeamName employee={employee} />}
        sx={{ whiteSpace: 'normal', minWidth: 64 }}
      />
      <DataTable.Col<EmployeeRecord> source="hire_date" render={(employee) => <HireDate employee={employee} />} />
      <DataTable.Col<EmployeeRecord> source="birthday" render={(employee) => <Birthday employee={employee} />} />
      {balanceColumns.map(({ source, format }) => (
        <DataTable.Col<EmployeeRecord> key={source} source={source} render={format} align="right" />
      ))}
      <DataTable.Col<EmployeeRecord>
        label="resources.employees.fields.actions"
        disableSort
        align="right"
        sx={stickyActionsColumnSx}
      >
        <EmployeeRowActions />
      </DataTable.Col>
    </DataTable>
  );
}

function EmployeeListActions() {
  const isMobile = useIsMobile();
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      {isMobile && <SortButton fields={mobileSortFields} />}
      <ExportButton />
      <FormerEmployeesLink compact={isMobile} />
      <AddEmployeeButton />
    </TopToolbar>
  );
}

/**
 * A first employee's payment whose return page was lost: the screen says it is being finished, then
 * that the employee was added, and shows them.
 */
function PaidCheckoutReport() {
  const refresh = useRefresh();
  const checkout = useUnreportedCheckout();
  const { report, dismiss } = useCheckoutReport(checkout, (reply) => {
    if (!reply.employeeCreated) return;
    refresh();
    announceEmployeesChanged();
  });
  return report && <CheckoutReportAlert report={report} onClose={dismiss} />;
}

/**
 * Shows the message another screen passed along once: it is read when the page opens and then removed
 * from the history entry, so a reload or coming back does not repeat it.
 */
function SuccessMessageFromNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState(() => (location.state as EmployeesLocationState | null)?.successMessage);

  useEffect(() => {
    if ((location.state as EmployeesLocationState | null)?.successMessage) {
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);

  if (!message) return null;
  return (
    <Alert severity="success" onClose={() => setMessage(undefined)} sx={{ mb: 3 }}>
      {message}
    </Alert>
  );
}
