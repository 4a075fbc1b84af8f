import { Employee } from '@teamfolk/shared';
import { activateSubscription, createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let admin: string;
let employee: Employee;

beforeAll(async () => {
  t = await startTestApp();
  const company = await createCompanyWithAdmin();
  await activateSubscription(company.company);
  admin = await bearerFor(t, company.admin.email, company.password);
  ({ employee } = await createInvitedEmployee(t.db.sequelize, company.company, { name: 'Erin Employee' }));
});
afterAll(async () => {
  await t.close();
});

const refusal = { field: 'name', message: 'name must not contain control characters or line breaks' };
const unsafeNames = ['Mallory\r\nBEGIN:VEVENT', 'Mallory\u0007', 'Mal\u2029lory', 'Mal\u009blory'];

describe('person names with control characters or line breaks', () => {
  it.each(unsafeNames)('are refused when an employee is added (%j), before any seat is charged', async (name) => {
    const email = `new-${Math.random().toString(36).slice(2)}@example.com`;
    const reply = await t
      .request()
      .post('/api/employees')
      .set('Authorization', admin)
      .send({ name, email })
      .expect(400);
    expect(reply.body).toEqual(refusal);
    expect(await Employee.count({ where: { email } })).toBe(0);
  });

  it.each(unsafeNames)('are refused when an employee is renamed (%j), keeping the name', async (name) => {
    const reply = await t
      .request()
      .put(`/api/employees/${employee.id}`)
      .set('Authorization', admin)
      .send({ name })
      .expect(400);
    expect(reply.body).toEqual(refusal);
    await employee.reload();
    expect(employee.name).toBe('Erin Employee');
  });

  it('are refused in the employee a first checkout would create', async () => {
    const reply = await t
      .request()
      .post('/api/billing/create-checkout-session')
      .set('Authorization', admin)
      .send({ pendingEmployeeData: { name: 'Mallory\nX-INJECTED:1', email: 'mallory@example.com' } })
      .expect(400);
    expect(reply.body).toEqual({ ...refusal, field: 'pendingEmployeeData.name' });
  });
});
