import { lazy, Suspense, useMemo, useState } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  Loading,
  LoadingPage,
  memoryStore,
  Notification,
  Resource,
} from 'react-admin';
import { Route } from 'react-router';
import { reportTexts } from '@teamfolk/shared/contracts';
import { useSessionStore } from './auth/SessionProvider';
import { ReturnPageLoading, ReturnScreenLoading } from './billing/ReturnLoading';
import { dashboardTheme } from './dashboard/dashboardTheme';
import { OverviewPage } from './dashboard/OverviewPage';
import employees from './employees';
import { en } from './i18n/en';
import { AdminOnly } from './layout/AdminOnly';
import { DashboardNotFound } from './layout/DashboardNotFound';
import { DashboardLayout } from './layout/DashboardLayout';
import { LiveSubscriptionOnly } from './layout/LiveSubscriptionOnly';
import leaves from './leaves';
import teams from './teams';
import { createAuthProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';

/*
 * Only the home screen ships with the dashboard's first load; every other screen is its own chunk,
 * fetched when it first opens while the layout's Suspense shows react-admin's Loading.
 */
const CalendarPage = lazy(() => import('./calendar/CalendarPage').then((module) => ({ default: module.CalendarPage })));
const AccountSecurityPage = lazy(() =>
  import('./account/AccountSecurityPage').then((module) => ({ default: module.AccountSecurityPage })),
);
const BillingPage = lazy(() => import('./billing/BillingPage').then((module) => ({ default: module.BillingPage })));
const FormerEmployeesPage = lazy(() => import('./privacy/FormerEmployeesPage'));
const LeavePolicyPage = lazy(() =>
  import('./balances/LeavePolicyPage').then((module) => ({ default: module.LeavePolicyPage })),
);
// With the chart library, which only the reports load.
const ReportsPage = lazy(() => import('./reports/ReportsPage'));

/**
 * The signed-in console, mounted by the router under /dashboard/* once RequireSession lets the user in.
 * It is react-admin's <Admin> taken apart (AdminContext, then CssBaseline, CoreAdminUI and Notification, as
 * AdminUI renders them) so that only the screens named here are bundled: <Admin> also imports its default
 * login page, whose form brings react-hook-form and MUI's TextField to every visitor of the dashboard home.
 */
export function App() {
  const session = useSessionStore();
  const authProvider = useMemo(() => createAuthProvider(session), [session]);
  // Per mount, so list filters and other UI state never outlive the session that created them. The
  // locale is set from the start: without it react-admin renders nothing until an effect has set it,
  // a blank page between the loader and the dashboard.
  const [store] = useState(() => memoryStore({ locale: i18nProvider.getLocale() }));

  return (
    <AdminContext
      basename="/dashboard"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={dashboardTheme}
    >
      <CssBaseline enableColorScheme />
      <CoreAdminUI
        layout={DashboardLayout}
        dashboard={OverviewPage}
        catchAll={DashboardNotFound}
        loading={DashboardLoading}
        error={ErrorPage}
        accessDenied={AccessDenied}
        authenticationError={AuthenticationError}
        loginPage={false}
        title={en.app.name}
        disableTelemetry
      >
        <Resource {...employees} />
        <Resource {...teams} />
        <Resource {...leaves} />
        <CustomRoutes>
          <Route
            path="/calendar"
            element={
              <LiveSubscriptionOnly title={en.resources.calendar.name}>
                <CalendarPage />
              </LiveSubscriptionOnly>
            }
          />
          <Route path="/account" element={<AccountSecurityPage />} />
          <Route
            path="/billing"
            element={
              <AdminOnly resource="billing" loading={<ReturnScreenLoading fallback={<Loading />} />}>
                <Suspense fallback={<ReturnScreenLoading fallback={<Loading />} />}>
                  <BillingPage />
                </Suspense>
              </AdminOnly>
            }
          />
          <Route path="/former-employees" element={<FormerEmployeesPage />} />
          <Route
            path="/leave-policy"
            element={
              <AdminOnly resource="leavePolicy" action="edit">
                <LiveSubscriptionOnly title={en.resources.leavePolicy.name}>
                  <LeavePolicyPage />
                </LiveSubscriptionOnly>
              </AdminOnly>
            }
          />
          <Route
            path="/reports/:report?"
            element={
              <LiveSubscriptionOnly title={reportTexts.title}>
                <ReportsPage />
              </LiveSubscriptionOnly>
            }
          />
        </CustomRoutes>
      </CoreAdminUI>
      <Notification />
    </AdminContext>
  );
}

/** react-admin's loading page, except on a return from checkout, which says at once what it waits for. */
function DashboardLoading() {
  return <ReturnPageLoading fallback={<LoadingPage />} />;
}
