import nodemailer, { type Transporter } from 'nodemailer';
import { createLogger, freePort, SentEmail, startMailSink, type MailSink } from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import type { JobOf } from '../jobs';
import { senderOf } from './compose';
import { MailClaims } from './mail-claims';
import { sendEmailJob } from './send-email';

let db: TestDatabase;
let sink: MailSink;
const transports: Transporter[] = [];
const transportTo = (url: string) => {
  const transport = nodemailer.createTransport(url);
  transports.push(transport);
  return transport;
};
const logger = createLogger('silent', 'test');
const emailJob = (transport: Transporter, from = 'Teamfolk <no-reply@teamfolk.test>') =>
  sendEmailJob({ claims: new MailClaims(db.sequelize, 2), transport, sender: senderOf(from), logger });

beforeAll(async () => {
  db = await createTestDatabase();
  sink = await startMailSink();
});
afterAll(async () => {
  for (const transport of transports) transport.close();
  await sink.close();
  await db.drop();
});

const invitationJob = (idempotencyKey: string, to: string) =>
  ({
    id: `outbox-${idempotencyKey}`,
    data: {
      companyId: null,
      requestId: 'request-1',
      payload: {
        idempotencyKey,
        to,
        mail: {
          template: 'invitation',
          name: 'Ines',
          companyName: 'Acme',
          inviterName: 'Ada',
          link: 'http://teamfolk.test/invitation/abc',
        },
      },
    },
  }) as unknown as JobOf<'send-email'>;

describe('sendEmailJob', () => {
  it('sends one mail when the same job runs twice, even at the same time', async () => {
    const send = emailJob(transportTo(sink.url));
    const job = invitationJob('invitation-twice', 'twice@example.com');

    const results = await Promise.all([send(job), send(job)]);
    await send(job);

    expect(results).toEqual(expect.arrayContaining([{ sent: true }, { skipped: 'already-sent' }]));
    const mails = sink.messages().filter((mail) => mail.to.includes('twice@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: "You're invited to join Acme on Teamfolk",
      messageId: '<invitation-twice@teamfolk>',
    });
  });

  it('keeps no trace of a failed send, so the retry delivers it', async () => {
    const deadTransport = transportTo(`smtp://127.0.0.1:${await freePort()}`);
    const job = invitationJob('invitation-retry', 'retry@example.com');
    const failing = emailJob(deadTransport, 'x@teamfolk.test');
    await expect(failing(job)).rejects.toThrow();
    expect(await SentEmail.count({ where: { idempotencyKey: 'invitation-retry' } })).toBe(0);

    const working = emailJob(transportTo(sink.url), 'x@teamfolk.test');
    await expect(working(job)).resolves.toEqual({ sent: true });
    await sink.waitFor((mail) => mail.to.includes('retry@example.com'));
  });
});
