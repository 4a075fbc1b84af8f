import type { ComponentType } from 'react';
import { GlobalStyles, Tab, Tabs, Typography } from '@mui/material';
import { reportTexts } from '@teamfolk/shared/contracts';
import { canAccess } from '@teamfolk/shared/rules';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { AdminOnly } from '../layout/AdminOnly';
import { Page } from '../layout/Page';
import { AbsenceRateReport } from './AbsenceRateReport';
import { AbsenceReport } from './AbsenceReport';
import { ActivityReport } from './ActivityReport';
import { BalancesReport } from './BalancesReport';
import { BradfordReport } from './BradfordReport';
import { LowUptakeReport } from './LowUptakeReport';
import { ReportFiltersBar } from './ReportFiltersBar';
import {
  isReportName,
  parseReportFilters,
  reportFiltersSearch,
  type ReportFilters,
  type ReportName,
} from './reportFilters';

const REPORTS: Record<ReportName, { title: string; Screen: ComponentType<{ filters: ReportFilters }> }> = {
  absence: { title: reportTexts.absenceTitle, Screen: AbsenceReport },
  'absence-rate': { title: reportTexts.absenceRateTitle, Screen: AbsenceRateReport },
  bradford: { title: reportTexts.bradfordTitle, Screen: BradfordReport },
  balances: { title: reportTexts.balancesTitle, Screen: BalancesReport },
  'low-uptake': { title: reportTexts.lowUptakeTitle, Screen: LowUptakeReport },
};

const REPORTS_PATH = '/dashboard/reports';

/** On paper: the report alone, without the app bar, the menus and the list's controls (the report's hide themselves). */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiDrawer-root, .RaList-actions, .RaFilterForm-root': { display: 'none !important' },
        body: { background: '#fff !important' },
      },
    }}
  />
);

/**
 * /dashboard/reports/:report (admins and approvers; the activity admins only): a tab per report, the
 * filters in the URL so that a screen can be shared, and the dates and team kept from tab to tab. Its own chunk,
 * with the chart library.
 */
export default function ReportsPage() {
  return (
    <AdminOnly resource="reports">
      <Reports />
    </AdminOnly>
  );
}

function Reports() {
  const { report } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useSession();
  const showsActivity = canAccess(user, { resource: 'activity', action: 'list' });
  const filters = parseReportFilters(searchParams);
  const sharedSearch = reportFiltersSearch(filters);

  if (report !== 'activity' && !isReportName(report))
    return <Navigate replace to={{ pathname: `${REPORTS_PATH}/absence`, search: sharedSearch }} />;

  const title = report === 'activity' ? reportTexts.activityTitle : REPORTS[report].title;
  const tabs = [
    ...Object.entries(REPORTS).map(([name, { title: label }]) => ({ name, label })),
    ...(showsActivity ? [{ name: 'activity', label: reportTexts.activityTitle }] : []),
  ];

  return (
    <Page title={title}>
      {printStyles}
      <Typography component="nav" aria-label={reportTexts.reportsNavigation} sx={{ mb: 2, contain: 'inline-size' }}>
        <Tabs
          value={report}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map(({ name, label }) => (
            <Tab
              key={name}
              value={name}
              label={label}
              component={RouterLink}
              // The activity keeps react-admin's own list parameters; the reports share their dates and team.
              to={{ pathname: `${REPORTS_PATH}/${name}`, search: name === 'activity' ? '' : sharedSearch }}
            />
          ))}
        </Tabs>
      </Typography>
      {report === 'activity' ? (
        <AdminOnly resource="activity">
          <ActivityReport />
        </AdminOnly>
      ) : (
        <ReportScreen
          report={report}
          filters={filters}
          onChange={(changed) => setSearchParams(reportFiltersSearch(changed))}
        />
      )}
    </Page>
  );
}

function ReportScreen({
  report,
  filters,
  onChange,
}: {
  report: ReportName;
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
}) {
  const { Screen } = REPORTS[report];
  return (
    <>
      <ReportFiltersBar report={report} filters={filters} onChange={onChange} />
      <Screen filters={filters} />
    </>
  );
}
