/**
 * Where each item of the dashboard menu leads, in menu order; its resource names it and, with its
 * action ('list' unless named), decides who sees it.
 */
export const MENU_ITEMS = [
  { resource: 'dashboard', to: '/dashboard' },
  // The former employees are reached from the Employees list, whose item stays selected there.
  { resource: 'employees', to: '/dashboard/employees', alsoSelectedOn: ['/dashboard/former-employees'] },
  { resource: 'teams', to: '/dashboard/teams' },
  { resource: 'leaves', to: '/dashboard/leaves' },
  { resource: 'calendar', to: '/dashboard/calendar' },
  { resource: 'reports', to: '/dashboard/reports' },
  { resource: 'billing', to: '/dashboard/billing' },
  // A setting rather than a list: shown to whoever may change it.
  { resource: 'leavePolicy', to: '/dashboard/leave-policy', action: 'edit' },
] as const satisfies readonly { resource: string; to: string; alsoSelectedOn?: readonly string[]; action?: string }[];

export type MenuResource = (typeof MENU_ITEMS)[number]['resource'];

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The menu item to show as the current screen's, if any: Dashboard on the home screen only. */
export function selectedMenuResource(pathname: string): MenuResource | null {
  const path = pathname.replace(/\/+$/, '');
  for (const item of MENU_ITEMS) {
    const paths: readonly string[] = [item.to, ...('alsoSelectedOn' in item ? item.alsoSelectedOn : [])];
    const selected = item.resource === 'dashboard' ? path === item.to : paths.some((to) => isWithin(path, to));
    if (selected) return item.resource;
  }
  return null;
}
