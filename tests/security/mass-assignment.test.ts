import { Company, Employee, LeaveRequest, User } from '@teamfolk/shared';
import {
  activateSubscription,
  bearerFor,
  createCompanyWithAdmin,
  createEmployees,
  createInvitedEmployee,
  startTestApp,
  type TestApp,
} from '@teamfolk/services/testing';

let t: TestApp;
let admin: string;
let companyId: number;
let otherCompanyId: number;

/** Fields a caller never sets through a body: owner, identity, role, provider ids, used balances. */
const PLANTED = {
  id: 424_242,
  company_id: 0,
  companyId: 0,
  user_id: 1,
  userId: 1,
  role_id: 'admin',
  token_version: 99,
  vacation_days_used: 9,
  sick_days_used: 9,
  bank_hours_used: 9,
  provider_customer_id: 'cus_planted',
  stripe_customer_id: 'cus_planted',
  status: 'approved',
  deleted_at: null,
  created_at: '2001-01-01T00:00:00.000Z',
};

beforeAll(async () => {
  t = await startTestApp();
  const mine = await createCompanyWithAdmin();
  const theirs = await createCompanyWithAdmin();
  companyId = mine.company.id;
  otherCompanyId = theirs.company.id;
  Object.assign(PLANTED, {
    company_id: otherCompanyId,
    companyId: otherCompanyId,
    user_id: theirs.admin.id,
    userId: theirs.admin.id,
  });
  await activateSubscription(mine.company);
  await createEmployees(mine.company, 1);
  admin = await bearerFor(t, mine.admin.email, mine.password);
});

afterAll(async () => {
  await t.close();
});

describe('a body cannot set what the server decides', () => {
  it('signs a new admin up into a new company of their own, whatever the body says', async () => {
    const reply = await t
      .request()
      .post('/api/auth/signup')
      .send({
        ...PLANTED,
        role: 'employee',
        email: 'planted-signup@example.com',
        password: 'a-long-passphrase',
        name: 'P',
        companyName: 'Planted Ltd',
      })
      .expect(201);
    expect(reply.body).not.toHaveProperty('user.passwordHash');
    const user = await User.findOne({ where: { email: 'planted-signup@example.com' }, rejectOnEmpty: true });
    expect(user.role).toBe('admin');
    expect(user.tokenVersion).toBe(0);
    expect(user.companyId).not.toBe(otherCompanyId);
    expect((await Company.findByPk(user.companyId, { rejectOnEmpty: true })).name).toBe('Planted Ltd');
  });

  it('creates and edits an employee in the caller’s company with balances used left at zero', async () => {
    const created = await t
      .request()
      .post('/api/employees')
      .set('Authorization', admin)
      .send({ ...PLANTED, name: 'Pat Planted', email: 'pat-planted@example.com' })
      .expect(201);
    const stored = await Employee.findByPk(created.body.id as number, { rejectOnEmpty: true });
    expect(stored.id).not.toBe(PLANTED.id);
    expect({ companyId: stored.companyId, userId: stored.userId, deletedAt: stored.deletedAt }).toEqual({
      companyId,
      userId: null,
      deletedAt: null,
    });
    expect([stored.vacationDaysUsed, stored.sickDaysUsed, stored.bankHoursUsed].map(Number)).toEqual([0, 0, 0]);

    await t
      .request()
      .put(`/api/employees/${stored.id}`)
      .set('Authorization', admin)
      .send({ ...PLANTED, name: 'Pat Renamed' })
      .expect(200);
    await stored.reload();
    expect(stored.name).toBe('Pat Renamed');
    expect({ companyId: stored.companyId, userId: stored.userId }).toEqual({ companyId, userId: null });
    expect([stored.vacationDaysUsed, stored.sickDaysUsed, stored.bankHoursUsed].map(Number)).toEqual([0, 0, 0]);
  });

  it('files an employee’s own leave as pending in their own company', async () => {
    const { token } = await createInvitedEmployee(t.db.sequelize, (await Company.findByPk(companyId))!, {
      email: 'leave-planter@example.com',
    });
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 'a-long-passphrase' }).expect(200);
    const employee = await bearerFor(t, 'leave-planter@example.com', 'a-long-passphrase');
    const filed = await t
      .request()
      .post('/api/leaves')
      .set('Authorization', employee)
      .send({
        ...PLANTED,
        start_date: '2031-03-03',
        end_date: '2031-03-04',
        request_type: 'vacation',
        leave_type: 'full_day',
      })
      .expect(201);
    const leave = await LeaveRequest.findByPk(filed.body.id as number, { rejectOnEmpty: true });
    const own = await Employee.findOne({ where: { email: 'leave-planter@example.com' }, rejectOnEmpty: true });
    expect({ companyId: leave.companyId, employeeId: leave.employeeId, status: leave.status }).toEqual({
      companyId,
      employeeId: own.id,
      status: 'pending',
    });
  });
});
