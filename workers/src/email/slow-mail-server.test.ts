import { QueryTypes, Sequelize } from 'sequelize';
import { SMTPServer } from 'smtp-server';
import { bindTenancy, createLogger, freePort, LocalPaymentsProvider } from '@teamfolk/shared';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@teamfolk/shared/testing';
import { startWorkers, type RunningWorkers } from '../index';

/** An SMTP server that takes every message and answers none until released. */
async function startHoldingSmtpServer() {
  const held: Array<() => void> = [];
  let holding = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => (holding ? held.push(() => callback()) : callback()));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    held: () => held.length,
    release() {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let db: TestDatabase;
let redis: TestRedis;
let smtp: Awaited<ReturnType<typeof startHoldingSmtpServer>>;
/** The workers' own connections: a pool of four, far fewer than the e-mails they keep in flight. */
let pool: Sequelize;
let workers: RunningWorkers | undefined;
let companyId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  redis = createTestRedis();
  smtp = await startHoldingSmtpServer();
  pool = new Sequelize(db.appUrl, { dialect: 'postgres', logging: false, pool: { max: 4, min: 0, acquire: 10_000 } });
  bindTenancy(pool);
  const [company] = await db.sequelize.query<{ id: number }>(
    "INSERT INTO companies (name, created_at, updated_at) VALUES ('Slow Mail Co', now(), now()) RETURNING id",
    { type: QueryTypes.SELECT },
  );
  companyId = company!.id;
});
afterAll(async () => {
  smtp.release();
  await workers?.close();
  await smtp.close();
  await pool.close();
  await redis.flush();
  await db.drop();
});

/** Outbox rows for e-mails, written as the API writes them (as the schema owner here). */
async function writeMails(keys: string[]): Promise<void> {
  await db.sequelize.query(
    `INSERT INTO outbox (company_id, queue, job_name, payload)
     SELECT :companyId, 'email', 'send-email',
            jsonb_build_object('idempotencyKey', key, 'to', key || '@example.com',
              'mail', jsonb_build_object('template', 'leave-decided', 'name', 'Sam', 'decision', 'approved',
                                         'summary', 'Vacation, 2 days', 'link', 'http://teamfolk.test/leaves'))
       FROM unnest(ARRAY[:keys]::text[]) AS key`,
    { replacements: { companyId, keys } },
  );
}

async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const count = async (sql: string) =>
  Number((await db.sequelize.query<{ count: string }>(sql, { type: QueryTypes.SELECT }))[0]!.count);

describe('e-mails waiting on a slow mail server', () => {
  it('should keep many in flight on a few pooled connections, leaving the relay one to deliver new events', async () => {
    await writeMails(Array.from({ length: 30 }, (_, index) => `slow-${index}`));
    workers = await startWorkers({
      sequelize: pool,
      databaseUrl: db.appUrl,
      redisUrl: redis.url,
      queuePrefix: redis.prefix,
      smtpUrl: smtp.url,
      mailFrom: 'Teamfolk <no-reply@teamfolk.test>',
      logger: createLogger('silent', 'test'),
      appUrl: 'http://teamfolk.test',
      payments: new LocalPaymentsProvider(pool, { mode: 'local', appUrl: 'http://teamfolk.test' }),
      schedules: false,
    });
    await waitFor('more mails held by the server than the pool has connections', () => smtp.held() >= 12);

    await writeMails(['slow-late']);
    await waitFor(
      'the relay to deliver the event written while mail is held',
      async () => (await count('SELECT count(*) FROM outbox WHERE dispatched_at IS NULL')) === 0,
    );
    expect(await count('SELECT count(*) FROM sent_emails')).toBe(0);

    smtp.release();
    await waitFor(
      'every mail to be claimed for good',
      async () => (await count('SELECT count(*) FROM sent_emails')) === 31,
    );
  });
});
