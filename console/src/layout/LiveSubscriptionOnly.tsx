import type { ReactNode } from 'react';
import { useSubscriptionExpired } from '../auth/SessionProvider';
import { Page } from './Page';
import { SubscriptionExpiredState } from './SubscriptionExpiredState';

/**
 * A screen whose data the API closes once the subscription has ended: then its title and that state
 * (the banner above says why and what to do), not failures, empty lists or buttons that cannot work.
 */
export function LiveSubscriptionOnly({ title, children }: { title: string; children: ReactNode }) {
  if (!useSubscriptionExpired()) return children;
  return (
    <Page title={title}>
      <SubscriptionExpiredState />
    </Page>
  );
}
