import type { SessionUser } from '@teamfolk/shared/contracts';
import { canAccess } from '@teamfolk/shared/rules';

export const BILLING_PATH = '/dashboard/billing';

/**
 * What the dashboard's banner offers once the company's subscription has ended (spec section 4,
 * "Expired subscription"): admins a way to Billing, everybody else the note to ask an admin.
 */
export type SubscriptionNotice = { action: 'openBilling' } | { action: 'contactAdmin' };

/**
 * The banner for `pathname`, or null: none while the subscription runs, and none on Billing itself,
 * whose subscription tab states the same with its Subscribe button.
 */
export function subscriptionNoticeFor(
  user: Pick<SessionUser, 'role' | 'subscriptionExpired'> | null,
  pathname: string,
): SubscriptionNotice | null {
  if (!user?.subscriptionExpired || pathname.startsWith(BILLING_PATH)) return null;
  return canAccess(user, { resource: 'billing', action: 'list' })
    ? { action: 'openBilling' }
    : { action: 'contactAdmin' };
}
