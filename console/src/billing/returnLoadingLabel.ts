import { en } from '../i18n/en';

const BILLING_PATH = '/dashboard/billing';

/**
 * What every loader says while a return from a hosted checkout or card page loads (the session, the
 * dashboard's code, the billing screen's), so that the page goes straight to 'Confirming your
 * payment...' instead of flashing 'Loading...' or nothing first. Undefined on any other page.
 */
export function returnLoadingLabel(pathname: string, search: string): string | undefined {
  if (pathname.replace(/\/$/, '') !== BILLING_PATH) return undefined;
  const query = new URLSearchParams(search);
  if (!query.get('session_id')) return undefined;
  if (query.get('success') === 'true') return en.resources.billing.flow.confirmingPayment;
  if (query.get('setup') === 'success') return en.resources.billing.flow.confirmingCard;
  return undefined;
}
