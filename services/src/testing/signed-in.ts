import type { Company, Employee } from '@teamfolk/shared';
import {
  activateSubscription,
  createCompanyWithAdmin,
  createInvitedEmployee,
  type CompanyWithAdmin,
} from './factories';
import { bearerFor, type TestApp } from './harness';

/** People signed in through the API, as most integration tests start: each carries its bearer header. */

export interface SignedInAdmin extends CompanyWithAdmin {
  auth: string;
}

/** A new company's admin, signed in; the company has a running subscription only when asked. */
export async function signedInAdmin(
  t: TestApp,
  { subscribed = false, verified }: { subscribed?: boolean; verified?: boolean } = {},
): Promise<SignedInAdmin> {
  const created = await createCompanyWithAdmin({ verified });
  if (subscribed) await activateSubscription(created.company);
  return { ...created, auth: await bearerFor(t, created.admin.email, created.password) };
}

export interface JoinedEmployee {
  employee: Employee;
  auth: string;
}

/** An employee who accepted their invitation (choosing `password`) and signed in. */
export async function joinedEmployee(
  t: TestApp,
  company: Company,
  { name, email, password = 's3cret' }: { name?: string; email?: string; password?: string } = {},
): Promise<JoinedEmployee> {
  const { employee, token } = await createInvitedEmployee(t.db.sequelize, company, { name, email });
  await t.request().post('/api/auth/invitation/accept').send({ token, password }).expect(200);
  return { employee, auth: await bearerFor(t, employee.email, password) };
}
