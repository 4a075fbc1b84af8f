import { addDays, format } from 'date-fns';
import { AuditEntry, Employee, LeaveRequest, type DataExportRecord, type DataExportReply } from '@teamfolk/shared';
import { activateSubscription, createCompanyWithAdmin } from '../testing/factories';
import { bearerFor, eventually, startTestApp, type TestApp } from '../testing/harness';
import { unzipText } from '../testing/zip';

/** The bound for a company of 500 employees, generous on a shared 2-core machine. */
const EMPLOYEES = 500;
const LEAVES_PER_EMPLOYEE = 12;
const BUDGET_MS = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

it(`makes the export of a company of ${EMPLOYEES} employees with their leave in under 60 s, end to end`, async () => {
  const { company, admin, password } = await createCompanyWithAdmin();
  await activateSubscription(company);
  const employees = await Employee.bulkCreate(
    Array.from({ length: EMPLOYEES }, (_, index) => ({
      companyId: company.id,
      name: `Scaled Person ${index}`,
      email: `scaled-${index}@example.com`,
      jobRole: 'Engineer',
      birthday: '1990-05-17',
    })),
  );
  const firstDay = new Date('2026-01-05T00:00:00Z');
  await LeaveRequest.bulkCreate(
    employees.flatMap((employee, person) =>
      Array.from({ length: LEAVES_PER_EMPLOYEE }, (_, index) => {
        const day = format(addDays(firstDay, index * 14 + (person % 5)), 'yyyy-MM-dd');
        return {
          companyId: company.id,
          employeeId: employee.id,
          userId: null,
          employeeName: employee.name,
          requestType: 'vacation' as const,
          leaveType: 'full_day' as const,
          startDate: day,
          endDate: day,
          startTime: null,
          endTime: null,
          reason: `Reason ${index}`,
          daysCount: 1,
          hoursCount: 8,
          status: 'approved' as const,
          createdBy: admin.id,
        };
      }),
    ),
  );
  await AuditEntry.bulkCreate(
    employees.map((employee) => ({
      companyId: company.id,
      actorUserId: admin.id,
      action: 'employee.created',
      entity: 'employee',
      entityId: String(employee.id),
      after: { name: employee.name, email: employee.email },
    })),
  );
  const auth = await bearerFor(t, admin.email, password);

  const startedAt = performance.now();
  const requested = await t
    .request()
    .post('/api/privacy/exports')
    .set('Authorization', auth)
    .send({ scope: 'company' });
  expect(requested.status).toBe(202);
  const { id } = requested.body as DataExportReply;
  const ready = await eventually(async () => {
    const status = await t.request().get(`/api/privacy/exports/${id}`).set('Authorization', auth).expect(200);
    const record = status.body as DataExportRecord;
    return record.status === 'ready' && record;
  }, BUDGET_MS);
  const file = await t
    .request()
    .get(`/api${ready.downloadPath!}`)
    .set('Authorization', auth)
    .buffer(true)
    .parse((reply, done) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  const elapsedMs = performance.now() - startedAt;
  process.stdout.write(
    `company export: ${EMPLOYEES} employees, ${EMPLOYEES * LEAVES_PER_EMPLOYEE} leave requests, ` +
      `${(file.body as Buffer).length} bytes zipped, ready and downloaded in ${(elapsedMs / 1000).toFixed(2)} s\n`,
  );
  expect(elapsedMs).toBeLessThan(BUDGET_MS);

  const files = await unzipText(file.body as Buffer);
  expect(JSON.parse(files.get('employees.json')!)).toHaveLength(EMPLOYEES);
  expect(JSON.parse(files.get('leave_requests.json')!)).toHaveLength(EMPLOYEES * LEAVES_PER_EMPLOYEE);
  expect(files.get('employees.csv')!.trimEnd().split('\r\n')).toHaveLength(EMPLOYEES + 1);
  expect(JSON.parse(files.get('audit_log.json')!).length).toBeGreaterThanOrEqual(EMPLOYEES);
}, 120_000);
