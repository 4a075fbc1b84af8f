import { DEFAULT_JOB_OPTIONS, freePort, startMailSink, type MailSink } from '@teamfolk/shared';
import { metricValue } from '@teamfolk/shared/testing';
import { eventually, startTestApp, type TestApp } from '../testing/harness';

const operatorAuth = `Basic ${Buffer.from('operator:a long operator password').toString('base64')}`;

let t: TestApp;
/** Where the workers send mail: nothing listens there until the test brings a sink up. */
let smtpPort: number;
let mail: MailSink | undefined;

beforeAll(async () => {
  smtpPort = await freePort();
  t = await startTestApp({
    config: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OPS_USERNAME: 'operator',
      OPS_PASSWORD: 'a long operator password',
    },
    schedules: false,
  });
});
// The workers first: their pooled SMTP connection to the sink would keep its close waiting.
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

describe('a job that keeps failing', () => {
  it('should end up failed with its error after every retry, and run again when the operator retries it', async () => {
    await t
      .request()
      .post('/api/auth/signup')
      .send({
        email: 'founder@example.com',
        password: 'a long enough passphrase',
        name: 'Fay Founder',
        companyName: 'Unlucky Mail Ltd',
      })
      .expect(201);
    await t.flushOutbox();

    // The backoff between attempts (seconds, growing) is skipped: each retry is promoted at once.
    const emails = t.workers.queues.email;
    const failed = await eventually(async () => {
      await emails.promoteJobs();
      return (await emails.getFailed())[0];
    }, 20_000);
    const jobUrl = `/ops/queues/api/queues/email/${encodeURIComponent(failed.id!)}`;

    const seen = await t.request().get(jobUrl).set('Authorization', operatorAuth).expect(200);
    expect(seen.body.status).toBe('failed');
    expect(seen.body.job).toMatchObject({ name: 'send-email', attempts: DEFAULT_JOB_OPTIONS.attempts });
    expect(seen.body.job.failedReason).toMatch(/ECONNREFUSED/);
    const metrics = (await t.request().get('/metrics').set('Authorization', operatorAuth).expect(200)).text;
    expect(metricValue(metrics, 'teamfolk_emails_failed_total', { template: 'verify-email' })).toBe(
      DEFAULT_JOB_OPTIONS.attempts,
    );
    expect(metricValue(metrics, 'teamfolk_queue_jobs', { queue: 'email', state: 'failed' })).toBe(1);
    expect(metricValue(metrics, 'teamfolk_job_duration_seconds_count', { job: 'send-email', outcome: 'failed' })).toBe(
      DEFAULT_JOB_OPTIONS.attempts,
    );

    mail = await startMailSink({ port: smtpPort });
    await t.request().put(`${jobUrl}/retry`).set('Authorization', operatorAuth).expect(204);

    const delivered = await eventually(async () =>
      mail!.messages().find((message) => message.to.includes('founder@example.com')),
    );
    expect(delivered.subject).toMatch(/verify/i);
    await eventually(async () => (await emails.getJobState(failed.id!)) === 'completed');
  }, 60_000);
});
