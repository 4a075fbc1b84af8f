import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AddressObject } from 'mailparser';

export interface CapturedMail {
  id: string;
  messageId: string | null;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface MailSink {
  /** An smtp:// URL that nodemailer can send to. */
  url: string;
  port: number;
  /** Newest first. */
  messages(): CapturedMail[];
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  clear(): void;
  close(): Promise<void>;
}

const MAX_KEPT = 2_000;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

/**
 * An SMTP server that keeps what it receives in memory: development mail without an SMTP account,
 * and the place tests read e-mails back from.
 */
export async function startMailSink({ host = '127.0.0.1', port = 0 } = {}): Promise<MailSink> {
  // Loaded here, not with the module: every process imports this package, and only development
  // and tests run a sink (the parser alone is about 5 MB of a production API's heap).
  const [{ simpleParser }, { SMTPServer }] = await Promise.all([import('mailparser'), import('smtp-server')]);
  const received: CapturedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.unshift({
            id: randomUUID(),
            messageId: parsed.messageId ?? null,
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          });
          received.length = Math.min(received.length, MAX_KEPT);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const boundPort = (server.server.address() as AddressInfo).port;
  // A sender that drops its connection mid-conversation is its problem, not a crash of the sink.
  server.on('error', () => undefined);

  return {
    url: `smtp://${host}:${boundPort}`,
    port: boundPort,
    messages: () => [...received],
    clear: () => {
      received.length = 0;
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = received.find(predicate);
          if (!match) return false;
          cleanup();
          resolve(match);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No matching e-mail arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
