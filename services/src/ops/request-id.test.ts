import { activateSubscription, createCompanyWithAdmin } from '../testing/factories';
import { eventually, startTestApp, type TestApp } from '../testing/harness';

/** What the API and the workers logged, each line parsed. */
const lines: Array<Record<string, unknown>> = [];
const capture = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ config: { LOG_LEVEL: 'info' }, logTo: capture, schedules: false });
});
afterAll(async () => {
  await t?.close();
});

describe('the request id', () => {
  it("should follow a request into the jobs it causes: the API's line and the e-mail job's lines carry it", async () => {
    const { company, admin, password } = await createCompanyWithAdmin();
    await activateSubscription(company);
    const login = await t.request().post('/api/auth/login').send({ email: admin.email, password }).expect(200);

    const invited = await t
      .request()
      .post('/api/employees')
      .set('Authorization', `Bearer ${login.body.token as string}`)
      .set('X-Request-Id', 'abc-123')
      .send({ name: 'Ines Invited', email: 'ines.invited@example.com' })
      .expect(201);
    expect(invited.headers['x-request-id']).toBe('abc-123');
    await t.flushOutbox();
    await eventually(async () => t.mail.messages().some((message) => message.to.includes('ines.invited@example.com')));
    // The invitation e-mail and the seat count: both jobs the request caused have logged.
    await eventually(async () =>
      ['e-mail sent', 'seat quantity'].every((msg) => lines.some((line) => line.msg === msg)),
    );

    const apiLine = lines.find(
      (line) => line.name === 'api' && (line.req as { url?: string } | undefined)?.url === '/api/employees',
    );
    expect(apiLine).toMatchObject({ msg: 'request completed', req: { id: 'abc-123', method: 'POST' } });
    // Every line a job writes names the job (a binding of the job's own logger) and the request.
    const jobLines = lines.filter((line) => line.name === 'workers' && typeof line.jobId === 'string');
    expect(jobLines.map((line) => [line.job, line.msg])).toEqual(
      expect.arrayContaining([
        ['send-email', 'e-mail sent'],
        ['update-seat-quantity', 'seat quantity'],
      ]),
    );
    expect(jobLines.filter((line) => line.requestId !== 'abc-123')).toEqual([]);
  });
});
