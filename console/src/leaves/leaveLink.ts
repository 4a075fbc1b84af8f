import { LEAVE_STATUSES, type LeaveStatus } from '@teamfolk/shared/contracts';

const isLeaveStatus = (value: string): value is LeaveStatus => (LEAVE_STATUSES as readonly string[]).includes(value);

/**
 * The e-mail to admins links to /dashboard/leaves?status=pending&focus=<id>. react-admin reads its list
 * filter from a `filter` parameter, so the link's status becomes that; `focus` is kept for the row to show.
 * Null when the address carries no `status` to translate.
 */
export function listSearchForLink(search: string): string | null {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  if (status === null) return null;
  const listParams = new URLSearchParams();
  if (isLeaveStatus(status)) listParams.set('filter', JSON.stringify({ status }));
  const focus = params.get('focus');
  if (focus) listParams.set('focus', focus);
  return `?${listParams.toString()}`;
}

/** The request the address asks to highlight, if any. */
export function focusedLeaveIdOf(search: string): number | null {
  const focus = Number(new URLSearchParams(search).get('focus'));
  return Number.isInteger(focus) && focus > 0 ? focus : null;
}
