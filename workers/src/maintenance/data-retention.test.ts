import { randomBytes } from 'node:crypto';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { QueryTypes } from 'sequelize';
import {
  AuditEntry,
  BillingCheckout,
  BillingCycle,
  closeRedis,
  Company,
  createLogger,
  createRedisConnection,
  DataErasure,
  DataExport,
  EmailVerificationToken,
  Employee,
  firstLink,
  Invitation,
  LeaveRequest,
  LocalPaymentObject,
  LocalPaymentsProvider,
  OutboxEvent,
  rateLimitCounterIdOfEmail,
  rateLimitCounterIdOfTokenHash,
  runAsCompany,
  SecurityEvent,
  SentEmail,
  Subscription,
  TwoFactorRecoveryCode,
  User,
  UserTwoFactor,
  writeOutbox,
  type JobEnvelope,
  type QueueName,
} from '@teamfolk/shared';
import {
  createTestDatabase,
  createTestRedis,
  jobsOfCompany,
  redisKeysMentioning,
  rowsMentioning,
  rowsOfCompanyPerTable,
  type TestDatabase,
  type TestRedis,
} from '@teamfolk/shared/testing';
import { renderMail } from '../email/templates';
import type { JobOf } from '../jobs';
import { eraseCompanyData, eraseCompanyDataJob } from './erase-company-data';
import type { MaintenanceDependencies } from './maintenance-jobs';
import { runDataRetention } from './run-data-retention';

/** Data retention on a simulated clock: `asOf` is passed in, the real clock is never mocked. */

let db: TestDatabase;
let redis: TestRedis;
let connection: ReturnType<typeof createRedisConnection>;
let queues: Record<QueueName, Queue>;
let deps: MaintenanceDependencies;
const appUrl = 'http://teamfolk.test';
const DAY = 24 * 3600 * 1000;
const days = (from: Date, count: number) => new Date(from.getTime() + count * DAY);

beforeAll(async () => {
  db = await createTestDatabase();
  redis = createTestRedis();
  connection = createRedisConnection(redis.url, 'producer');
  queues = {
    email: new Queue('email', { connection, prefix: redis.prefix }),
    billing: new Queue('billing', { connection, prefix: redis.prefix }),
    maintenance: new Queue('maintenance', { connection, prefix: redis.prefix }),
  };
  deps = {
    sequelize: db.sequelize,
    payments: new LocalPaymentsProvider(db.sequelize, { mode: 'local', appUrl }),
    queues,
    counters: { redis: connection, queuePrefix: redis.prefix },
    appUrl,
    logger: createLogger('silent', 'test'),
  };
});
afterAll(async () => {
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
  await closeRedis(connection);
  await redis.flush();
  await db.drop();
});

/**
 * A company with people, leave, invitations, tokens, two-step sign-in, an export, mail, sign-in
 * counters, billing history and a subscription that ended at `endedAt`. Every name, address and
 * detail carries the company's own tag, so that a trace of it can be told from another company's.
 */
async function endedCompany(endedAt: Date | null, status: 'canceled' | 'active' = 'canceled') {
  const tag = randomBytes(4).toString('hex');
  const company = await Company.create({ name: `Retained Co ${tag}`, country: 'FR' });
  const admin = await User.create({
    companyId: company.id,
    email: `retained-admin-${tag}@example.com`,
    passwordHash: 'x',
    role: 'admin',
    name: `Rita Retained ${tag}`,
    emailVerifiedAt: new Date(),
  });
  const joined = await User.create({
    companyId: company.id,
    email: `retained-employee-${tag}@example.com`,
    passwordHash: 'x',
    role: 'employee',
    name: `Joe Joined ${tag}`,
    emailVerifiedAt: new Date(),
  });
  const employee = await Employee.create({
    companyId: company.id,
    userId: joined.id,
    name: joined.name,
    email: joined.email,
  });
  const invited = await Employee.create({
    companyId: company.id,
    name: `Ivy Invited ${tag}`,
    email: `ivy-${tag}@example.com`,
  });
  const invitationTokenHash = randomBytes(32).toString('hex');
  await Invitation.create({
    companyId: company.id,
    employeeId: invited.id,
    email: invited.email,
    name: invited.name,
    tokenHash: invitationTokenHash,
    expiresAt: days(new Date(), 7),
  });
  await EmailVerificationToken.create({
    companyId: company.id,
    userId: admin.id,
    tokenHash: `verify-${tag}`,
    expiresAt: days(new Date(), 7),
  });
  await LeaveRequest.create({
    companyId: company.id,
    employeeId: employee.id,
    userId: joined.id,
    employeeName: employee.name,
    requestType: 'vacation',
    leaveType: 'full_day',
    startDate: '2026-08-03',
    endDate: '2026-08-07',
    startTime: null,
    endTime: null,
    reason: `Family visit ${tag}`,
    daysCount: 5,
    hoursCount: 40,
    createdBy: joined.id,
  });
  await AuditEntry.create({
    companyId: company.id,
    actorUserId: admin.id,
    action: 'employee.created',
    entity: 'employee',
    entityId: String(employee.id),
    after: { name: employee.name, email: employee.email } as object,
  });
  await SentEmail.create({
    companyId: company.id,
    idempotencyKey: `sent-${tag}`,
    recipient: joined.email,
    template: 'invitation',
  });
  await db.sequelize.transaction((transaction) =>
    writeOutbox(transaction, {
      companyId: company.id,
      job: 'send-email',
      payload: {
        idempotencyKey: `pending-${tag}`,
        to: invited.email,
        mail: {
          template: 'invitation',
          name: invited.name,
          companyName: company.name,
          inviterName: 'Rita',
          link: `${appUrl}/x`,
        },
      },
    }),
  );
  await BillingCheckout.create({
    sessionId: `cs_local_retained_${tag}`,
    companyId: company.id,
    mode: 'subscription',
    pendingEmployee: { name: `Never Paid ${tag}`, email: `never-${tag}@example.com` },
    createdBy: admin.id,
  });
  const customerId = await deps.payments.createCustomer({
    companyId: company.id,
    email: admin.email,
    name: company.name,
  });
  await BillingCycle.bulkCreate([
    {
      companyId: company.id,
      billingDate: '2026-08-01',
      seatCount: 2,
      amountDue: 400,
      status: 'paid',
      paidAt: new Date(),
    },
    {
      companyId: company.id,
      billingDate: '2026-09-01',
      seatCount: 2,
      amountDue: 400,
      status: 'paid',
      paidAt: new Date(),
    },
  ]);
  await Subscription.create({
    companyId: company.id,
    status,
    endedAt,
    currentPeriodEnd: endedAt,
    providerCustomerId: customerId,
    // The provider's ids name no one: they are kept with the billing records.
    providerSubscriptionId: `sub_local_${randomBytes(6).toString('hex')}`,
    defaultPaymentMethodId: 'pm_local_card',
  });
  await UserTwoFactor.create({ userId: admin.id, companyId: company.id, secretCiphertext: `sealed-${tag}` });
  await TwoFactorRecoveryCode.create({ companyId: company.id, userId: admin.id, codeHash: `recovery-${tag}` });
  await DataExport.create({
    companyId: company.id,
    requestedBy: admin.id,
    scope: 'company',
    status: 'ready',
    content: Buffer.from(`every record of ${company.name}`),
    readyAt: new Date(),
    // Beyond every simulated day of this file: the window's end has a test of its own.
    expiresAt: new Date('2027-06-01T00:00:00Z'),
  });
  await SecurityEvent.create({
    companyId: company.id,
    userId: admin.id,
    kind: 'sign-in.succeeded',
    email: admin.email,
    ip: `203.0.113.7 ${tag}`,
    userAgent: `browser ${tag}`,
    requestId: null,
    route: 'POST /api/auth/login',
    status: 200,
  });
  // A throttled sign-in is logged before anyone is looked up: under the address, with no company.
  await SecurityEvent.create({
    companyId: null,
    userId: null,
    kind: 'sign-in.throttled',
    email: admin.email.toUpperCase(),
    ip: `203.0.113.8 ${tag}`,
    userAgent: `browser ${tag}`,
    requestId: null,
    route: 'POST /api/auth/login',
    status: 429,
  });
  // What the sign-in limits keep in Redis after failed attempts (services/src/auth/rate-limits.ts).
  const counters = [
    `${redis.prefix}:rate-limit:login:account:${rateLimitCounterIdOfEmail(admin.email)}`,
    `${redis.prefix}:rate-limit:login:account:${rateLimitCounterIdOfEmail(joined.email)}`,
    `${redis.prefix}:rate-limit:invitation-accept:account:${rateLimitCounterIdOfTokenHash(invitationTokenHash)}`,
  ];
  for (const key of counters) await connection.set(key, '3', 'EX', 900);
  const personal = [
    tag,
    admin.email,
    joined.email,
    invited.email,
    admin.name,
    joined.name,
    invited.name,
    ...counters.map((key) => key.slice(key.lastIndexOf(':') + 1)),
  ];
  return { company, admin, invited, tag, personal, counters };
}

const noticesTo = async (companyId: number) =>
  (await OutboxEvent.findAll({ where: { companyId, jobName: 'send-email' } }))
    .map((event) => event.payload as { to: string; mail: { template: string; deletionDate?: string } })
    .filter((payload) => payload.mail.template === 'data-deletion-notice');

describe(runDataRetention.name, () => {
  const endedAt = new Date('2026-10-01T00:00:00Z');
  let target: Awaited<ReturnType<typeof endedCompany>>;
  let bystander: Awaited<ReturnType<typeof endedCompany>>;

  beforeAll(async () => {
    target = await endedCompany(endedAt);
    bystander = await endedCompany(null, 'active');
  });

  it('should do nothing in the first 23 days after the subscription ended', async () => {
    expect(await runDataRetention(deps, days(endedAt, 10))).toEqual({
      noticesSent: [],
      erasuresQueued: [],
      exportsExpired: 0,
      securityEventsExpired: 0,
    });
  });

  it('should announce the deletion to the admins 7 days ahead, once', async () => {
    const asOf = days(endedAt, 23);
    expect(await runDataRetention(deps, asOf)).toEqual({
      noticesSent: [target.company.id],
      erasuresQueued: [],
      exportsExpired: 0,
      securityEventsExpired: 0,
    });
    expect(await runDataRetention(deps, days(asOf, 0.5))).toEqual({
      noticesSent: [],
      erasuresQueued: [],
      exportsExpired: 0,
      securityEventsExpired: 0,
    });
    const notices = await noticesTo(target.company.id);
    expect(notices).toEqual([
      expect.objectContaining({
        to: target.admin.email,
        mail: expect.objectContaining({ template: 'data-deletion-notice', deletionDate: '2026-10-31' }),
      }),
    ]);
    expect(await DataErasure.findByPk(target.company.id)).toMatchObject({ noticeSentAt: asOf, erasedAt: null });
  });

  it('should queue the erasure once the 30 days are up, under one job id', async () => {
    expect(await runDataRetention(deps, days(endedAt, 29.9))).toEqual({
      noticesSent: [],
      erasuresQueued: [],
      exportsExpired: 0,
      securityEventsExpired: 0,
    });
    const asOf = days(endedAt, 30);
    expect(await runDataRetention(deps, asOf)).toEqual({
      noticesSent: [],
      erasuresQueued: [target.company.id],
      exportsExpired: 0,
      securityEventsExpired: 0,
    });
    await runDataRetention(deps, asOf);
    const jobs = await queues.maintenance.getJobs(['wait']);
    expect(jobs.map((job) => job.id)).toEqual([`erase-company-data-company-${target.company.id}-${endedAt.getTime()}`]);
    expect(jobs[0]!.data.payload).toEqual({ companyId: target.company.id, asOf: asOf.toISOString() });
  });

  it("should erase the company's personal data, keep its billing records anonymised and record the erasure", async () => {
    const companyId = target.company.id;
    const queuedMail = await queues.email.add('send-email', { companyId, requestId: null, payload: { to: 'x' } });
    const retried = await queues.email.add(
      'send-email',
      { companyId, requestId: null, payload: {} },
      { delay: 60_000 },
    );
    const othersMail = await queues.email.add('send-email', {
      companyId: bystander.company.id,
      requestId: null,
      payload: {},
    });

    // One row per slot its leave and people changed in (migration 0019): as many as its transactions' ids chose.
    const counted = await db.sequelize.query<{ slots: number }>(
      'SELECT count(*)::int AS slots FROM company_versions WHERE company_id = :companyId',
      { replacements: { companyId }, type: QueryTypes.SELECT, plain: true },
    );
    const versions = counted?.slots;
    expect(versions).toBeGreaterThan(0);

    const result = await eraseCompanyData(deps, companyId, days(endedAt, 30));
    expect(result).toEqual({
      erased: true,
      summary: {
        leave_requests: 1,
        invitations: 1,
        email_verification_tokens: 1,
        billing_checkouts: 1,
        employees: 2,
        audit_log: 1,
        security_events: 2,
        data_exports: 1,
        two_factor_recovery_codes: 1,
        user_two_factor: 1,
        users: 2,
        sent_emails: 1,
        outbox: 2,
        company_versions: versions,
        local_payment_objects: 1,
      },
    });

    const where = { where: { companyId } };
    for (const model of [
      Employee,
      User,
      LeaveRequest,
      Invitation,
      EmailVerificationToken,
      SentEmail,
      BillingCheckout,
      SecurityEvent,
      DataExport,
      UserTwoFactor,
      TwoFactorRecoveryCode,
    ]) {
      expect(await (model as typeof Employee).count(where)).toBe(0);
    }
    expect(await OutboxEvent.count(where)).toBe(0);
    expect(await LocalPaymentObject.count(where)).toBe(0);
    expect(await Company.findByPk(companyId)).toMatchObject({ name: `Erased company ${companyId}`, country: null });
    expect(await BillingCycle.count(where)).toBe(2);
    expect(await Subscription.findOne(where)).toMatchObject({ status: 'canceled', defaultPaymentMethodId: null });
    expect(await DataErasure.findByPk(companyId)).toMatchObject({
      erasedAt: expect.any(Date),
      summary: expect.objectContaining({ employees: 2, users: 2 }),
    });
    const trail = await AuditEntry.findAll(where);
    expect(trail.map((entry) => entry.action)).toEqual(['company.data_erased']);

    expect(await connection.exists(...target.counters)).toBe(0);
    expect(await connection.exists(...bystander.counters)).toBe(bystander.counters.length);
    expect(await queues.email.getJob(queuedMail.id!)).toBeUndefined();
    expect(await queues.email.getJob(retried.id!)).toBeUndefined();
    expect(await queues.email.getJob(othersMail.id!)).toBeDefined();
    expect(await User.count({ where: { companyId: bystander.company.id } })).toBe(2);
    const throttledSignIns = (email: string) =>
      SecurityEvent.count({ where: { companyId: null, email: email.toUpperCase() } });
    expect(await throttledSignIns(target.admin.email)).toBe(0);
    expect(await throttledSignIns(bystander.admin.email)).toBe(1);
  });

  it('should not erase twice, nor announce an erased company again', async () => {
    expect(await eraseCompanyData(deps, target.company.id, days(endedAt, 31))).toEqual({ skipped: 'already-erased' });
    expect(await runDataRetention(deps, days(endedAt, 45))).toEqual({
      noticesSent: [],
      erasuresQueued: [],
      exportsExpired: 0,
      securityEventsExpired: 0,
    });
  });
});

describe('retention edge cases', () => {
  it('should give a company announced late its full 7 days', async () => {
    const endedAt = new Date('2026-06-01T00:00:00Z');
    const { company } = await endedCompany(endedAt);
    const asOf = new Date('2026-11-20T05:00:00Z');
    const run = await runDataRetention(deps, asOf);
    expect(run.noticesSent).toContain(company.id);
    expect((await noticesTo(company.id))[0]!.mail.deletionDate).toBe('2026-11-27');
    expect((await runDataRetention(deps, days(asOf, 6))).erasuresQueued).not.toContain(company.id);
    expect(await eraseCompanyData(deps, company.id, days(asOf, 6))).toEqual({ skipped: 'not-due' });
    expect((await runDataRetention(deps, days(asOf, 7))).erasuresQueued).toContain(company.id);
  });

  it('should queue again, on the next daily run, an erasure that failed every attempt', async () => {
    const endedAt = new Date('2026-08-01T00:00:00Z');
    const { company } = await endedCompany(endedAt);
    await runDataRetention(deps, days(endedAt, 24));
    // Due 7 days after the notice.
    expect((await runDataRetention(deps, days(endedAt, 31))).erasuresQueued).toContain(company.id);
    const jobId = `erase-company-data-company-${company.id}-${endedAt.getTime()}`;

    const failingConnection = createRedisConnection(redis.url, 'worker');
    const failing = new Worker(
      'maintenance',
      async () => {
        // As if every attempt had failed: no retries left.
        throw new UnrecoverableError('An error occurred with our connection to Stripe');
      },
      { connection: failingConnection, prefix: redis.prefix },
    );
    await new Promise<void>((resolve) => failing.on('failed', (job) => job?.id === jobId && resolve()));
    await failing.close();
    await closeRedis(failingConnection);
    expect(await (await queues.maintenance.getJob(jobId))!.isFailed()).toBe(true);

    expect((await runDataRetention(deps, days(endedAt, 32))).erasuresQueued).toContain(company.id);
    expect(await (await queues.maintenance.getJob(jobId))!.isWaiting()).toBe(true);
  });

  it('should leave a company that subscribed again alone, and announce it anew if it ends again', async () => {
    const endedAt = new Date('2026-09-01T00:00:00Z');
    const { company } = await endedCompany(endedAt);
    await runDataRetention(deps, days(endedAt, 24));
    await Subscription.update(
      { status: 'active', endedAt: null, currentPeriodEnd: days(endedAt, 60) },
      { where: { companyId: company.id } },
    );
    expect(await eraseCompanyData(deps, company.id, days(endedAt, 31))).toEqual({ skipped: 'subscription-not-ended' });
    expect((await runDataRetention(deps, days(endedAt, 31))).erasuresQueued).not.toContain(company.id);
    expect(await User.count({ where: { companyId: company.id } })).toBe(2);

    const endedAgain = days(endedAt, 40);
    await Subscription.update({ status: 'canceled', endedAt: endedAgain }, { where: { companyId: company.id } });
    expect((await runDataRetention(deps, days(endedAgain, 23))).noticesSent).toContain(company.id);
    expect(await noticesTo(company.id)).toHaveLength(2);
    expect(await eraseCompanyData(deps, company.id, days(endedAgain, 30))).toMatchObject({ erased: true });
  });
});

describe('expired data exports', () => {
  it('should delete the file of an export once its download window has passed, and only then', async () => {
    const { company, admin } = await endedCompany(null, 'active');
    const readyAt = new Date('2026-12-01T10:00:00Z');
    const { id } = await DataExport.create({
      companyId: company.id,
      requestedBy: admin.id,
      scope: 'self',
      status: 'ready',
      content: Buffer.from('zip'),
      readyAt,
      expiresAt: days(readyAt, 1),
    });
    expect((await runDataRetention(deps, days(readyAt, 0.9))).exportsExpired).toBe(0);
    expect(await DataExport.findByPk(id)).toMatchObject({ status: 'ready', content: Buffer.from('zip') });
    expect((await runDataRetention(deps, days(readyAt, 1))).exportsExpired).toBe(1);
    expect(await DataExport.findByPk(id)).toMatchObject({ status: 'expired', content: null });
  });
});

describe('nothing of an erased company remains', () => {
  const endedAt = new Date('2026-07-01T00:00:00Z');
  let erased: Awaited<ReturnType<typeof endedCompany>>;
  let kept: Awaited<ReturnType<typeof endedCompany>>;
  let workerConnection: ReturnType<typeof createRedisConnection>;
  let worker: Worker;

  beforeAll(async () => {
    // Only this block's jobs: the erasures the earlier blocks queued are not run here.
    await queues.maintenance.obliterate({ force: true });
    erased = await endedCompany(endedAt);
    kept = await endedCompany(null, 'active');
    for (const company of [erased.company, kept.company]) {
      await queues.email.add('send-email', {
        companyId: company.id,
        requestId: null,
        payload: { to: (await User.findOne({ where: { companyId: company.id } }))!.email },
      });
    }
    workerConnection = createRedisConnection(redis.url, 'worker');
    // As the workers run it (workers/src/index.ts): the job acts as the company that it names.
    worker = new Worker(
      'maintenance',
      (job: Job<JobEnvelope<'erase-company-data'>>) =>
        runAsCompany(job.data.companyId, () => eraseCompanyDataJob(deps)(job as JobOf<'erase-company-data'>)),
      { connection: workerConnection, prefix: redis.prefix, autorun: false },
    );
  });
  afterAll(async () => {
    await worker.close();
    await closeRedis(workerConnection);
  });

  it('should leave only its billing records, anonymised, in every table, queue and counter', async () => {
    expect(await rowsOfCompanyPerTable(db.sequelize, erased.company.id)).toEqual(
      expect.objectContaining({ users: 2, employees: 2, leave_requests: 1, data_exports: 1, user_two_factor: 1 }),
    );
    expect(Object.keys(await rowsMentioning(db.sequelize, erased.personal)).length).toBeGreaterThan(5);
    expect(await jobsOfCompany(connection, redis.prefix, erased.company.id)).toHaveLength(1);

    await runDataRetention(deps, days(endedAt, 23));
    const { erasuresQueued } = await runDataRetention(deps, days(endedAt, 30));
    expect(erasuresQueued).toEqual([erased.company.id]);
    const done = new Promise<unknown>((resolve, reject) => {
      worker.on('completed', (_job, result) => resolve(result));
      worker.on('failed', (_job, error) => reject(error));
    });
    void worker.run();
    expect(await done).toMatchObject({ erased: true });

    expect(await rowsOfCompanyPerTable(db.sequelize, erased.company.id)).toEqual({
      companies: 1,
      subscriptions: 1,
      billing_cycles: 2,
      data_erasures: 1,
      audit_log: 1,
    });
    expect(await Company.findByPk(erased.company.id)).toMatchObject({ name: `Erased company ${erased.company.id}` });
    expect(await AuditEntry.findAll({ where: { companyId: erased.company.id } })).toEqual([
      expect.objectContaining({ action: 'company.data_erased', actorUserId: null }),
    ]);
    expect(await rowsMentioning(db.sequelize, erased.personal)).toEqual({});

    expect(await redisKeysMentioning(connection, redis.prefix, erased.personal)).toEqual([]);
    expect(await jobsOfCompany(connection, redis.prefix, erased.company.id)).toEqual([]);

    // The other company keeps everything.
    expect(await rowsOfCompanyPerTable(db.sequelize, kept.company.id)).toEqual(
      expect.objectContaining({ users: 2, employees: 2, leave_requests: 1, data_exports: 1, user_two_factor: 1 }),
    );
    expect(await jobsOfCompany(connection, redis.prefix, kept.company.id)).toHaveLength(1);
    expect(await connection.exists(...kept.counters)).toBe(kept.counters.length);
  });
});

describe('the billing e-mails', () => {
  it('should word the deletion notice, the cancellation and the failed payment with a link to billing', () => {
    const link = `${appUrl}/dashboard/billing`;
    const notice = renderMail({
      template: 'data-deletion-notice',
      name: 'Rita',
      companyName: 'Acme',
      deletionDate: '2026-10-31',
      link,
    });
    expect(notice.subject).toBe('Your Teamfolk data will be deleted on October 31, 2026');
    expect(notice.text).toContain('subscribe again before that date');
    expect(firstLink(notice.text)).toBe(link);
    const ending = renderMail({
      template: 'subscription-canceled',
      name: 'Rita',
      companyName: 'Acme',
      ended: false,
      endsAt: '2026-12-01',
      link,
    });
    expect(ending.text).toContain('ends on December 1, 2026');
    const failed = renderMail({
      template: 'payment-failed',
      name: 'Rita',
      companyName: 'Acme',
      amountDue: 1400,
      billingDate: '2026-12-01',
      link,
    });
    expect(failed.text).toContain('$14.00');
    expect(failed.html).toContain(link);
  });
});

describe('the security log', () => {
  // Last in this file: a run as of today also queues the erasure of the companies above whose time is up.
  it('should keep a year of it and delete what is older, rows of no company included', async () => {
    const asOf = new Date();
    const company = await Company.create({ name: 'Logged Co', country: 'FR' });
    const logged = (companyId: number | null, email: string, createdAt: Date) =>
      db.sequelize.query(
        `INSERT INTO security_events (company_id, kind, email, ip, route, status, created_at)
         VALUES (:companyId, 'sign-in.wrong-password', :email, '198.51.100.4', 'POST /api/auth/login', 401, :createdAt)`,
        { replacements: { companyId, email, createdAt } },
      );
    await logged(null, 'stranger-of-last-year@example.test', days(asOf, -366));
    await logged(company.id, 'member-of-last-year@example.test', days(asOf, -366));
    await logged(null, 'stranger-of-this-year@example.test', days(asOf, -364));

    expect((await runDataRetention(deps, asOf)).securityEventsExpired).toBe(2);
    expect(
      await rowsMentioning(db.sequelize, ['stranger-of-last-year@', 'member-of-last-year@', 'stranger-of-this-year@']),
    ).toEqual({ security_events: 1 });
    expect(await rowsMentioning(db.sequelize, ['stranger-of-this-year@'])).toEqual({ security_events: 1 });
  });
});
