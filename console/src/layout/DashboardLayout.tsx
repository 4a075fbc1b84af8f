import { Layout, type LayoutProps } from 'react-admin';
import { DashboardAppBar } from './DashboardAppBar';
import { DashboardMenu } from './DashboardMenu';
import { DashboardSidebar } from './DashboardSidebar';
import { SubscriptionExpiredBanner } from './SubscriptionExpiredBanner';

/**
 * react-admin's layout (error boundary, skip link, notifications) with Teamfolk's bar, sidebar and menu,
 * and above every screen the banner of an ended subscription.
 */
export function DashboardLayout({ children }: LayoutProps) {
  return (
    <Layout appBar={DashboardAppBar} sidebar={DashboardSidebar} menu={DashboardMenu} appBarAlwaysOn>
      <SubscriptionExpiredBanner />
      {children}
    </Layout>
  );
}
