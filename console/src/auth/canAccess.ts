import type { Role } from '@teamfolk/shared/contracts';

export interface AccessRequest {
  resource: string;
  action: string;
}

/** What an employee may do (spec section 6); an admin may do everything in their company. */
const employeePermissions: Readonly<Record<string, readonly string[]>> = {
  dashboard: ['list', 'show'],
  leaves: ['list', 'show', 'create'],
  calendar: ['list', 'show', 'export'],
};

export function canAccess(role: Role | undefined, { resource, action }: AccessRequest): boolean {
  if (role === 'admin') return true;
  if (role === 'employee') return employeePermissions[resource]?.includes(action) ?? false;
  return false;
}
