import { useMemo, useState } from 'react';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { Route } from 'react-router';
import { AccountSecurityPage } from '../account/AccountSecurityPage';
import { createAuthProvider } from '../auth/authProvider';
import { useSessionStore } from '../auth/SessionProvider';
import { BillingPage } from '../billing/BillingPage';
import { CalendarPage } from '../calendar/CalendarPage';
import employees from '../employees';
import { en } from '../i18n/en';
import { i18nProvider } from '../i18n/i18nProvider';
import { AdminOnly } from '../layout/AdminOnly';
import { DashboardNotFound } from '../layout/DashboardNotFound';
import { DashboardLayout } from '../layout/DashboardLayout';
import leaves from '../leaves';
import { dashboardTheme } from './dashboardTheme';
import { dataProvider } from './dataProvider';
import { OverviewPage } from './OverviewPage';

/** The signed-in console, mounted by the router under /dashboard/* once RequireSession lets the user in. */
export function DashboardApp() {
  const session = useSessionStore();
  const authProvider = useMemo(() => createAuthProvider(session), [session]);
  // Per mount, so list filters and other UI state never outlive the session that created them.
  const [store] = useState(memoryStore);

  return (
    <Admin
      basename="/dashboard"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={dashboardTheme}
      layout={DashboardLayout}
      dashboard={OverviewPage}
      catchAll={DashboardNotFound}
      loginPage={false}
      title={en.app.name}
      disableTelemetry
    >
      <Resource {...employees} />
      <Resource {...leaves} />
      <CustomRoutes>
        <Route path="/calendar" element={<CalendarPage />} />
        <Route path="/account" element={<AccountSecurityPage />} />
        <Route
          path="/billing"
          element={
            <AdminOnly resource="billing">
              <BillingPage />
            </AdminOnly>
          }
        />
      </CustomRoutes>
    </Admin>
  );
}
