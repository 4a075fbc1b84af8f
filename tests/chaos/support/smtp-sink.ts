import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Delivery {
  /** The Message-ID header: the e-mail job makes it from the idempotency key. */
  messageId: string | null;
  to: string[];
  acceptedAt: number;
}

/**
 * An SMTP server that counts every message it accepts, duplicates included (the product's MailSink
 * keeps a bounded list for people to read; a fault test needs every delivery). It can also slow or
 * hold its answer to the end of DATA, which keeps e-mail jobs active for as long as a test needs.
 */
export interface CountingSmtpSink {
  url: string;
  /** Every message accepted, in order, re-deliveries included. */
  deliveries(): Delivery[];
  /**
   * What a recipient's mailbox shows: one copy per Message-ID, as mailbox providers (Gmail) and
   * Mailpit with `--ignore-duplicate-ids` keep it. A message without a Message-ID is always kept.
   */
  mailbox(): Delivery[];
  /** Messages received whole but not answered yet. */
  unanswered(): number;
  /** How long to wait before accepting each message. */
  setAcceptDelay(ms: number): void;
  /** While held, messages are received but never accepted: their senders wait. */
  hold(held: boolean): void;
  close(): Promise<void>;
}

const HEADER_END = '\r\n\r\n';

function messageIdOf(raw: string): string | null {
  const end = raw.indexOf(HEADER_END);
  const headerBlock = (end === -1 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  return /^message-id:\s*(<[^>]+>)/im.exec(headerBlock)?.[1] ?? null;
}

export async function startCountingSmtpSink(): Promise<CountingSmtpSink> {
  const deliveries: Delivery[] = [];
  /** Messages waiting for their answer, by the SMTP session that sent them. */
  const waiting = new Map<() => void, string>();
  let acceptDelayMs = 0;
  let held = false;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onClose(session) {
      // A sender that hung up is no longer waiting for an answer.
      for (const [accept, sessionId] of waiting) if (sessionId === session.id) waiting.delete(accept);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          if (!waiting.delete(accept)) return;
          deliveries.push({
            messageId: messageIdOf(Buffer.concat(chunks).toString('utf8')),
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            acceptedAt: Date.now(),
          });
          callback();
        };
        waiting.set(accept, session.id);
        if (held) return;
        if (acceptDelayMs > 0) setTimeout(accept, acceptDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // Senders killed mid-conversation reset their connections: that is what these tests do.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries: () => [...deliveries],
    mailbox() {
      const seen = new Set<string>();
      return deliveries.filter(({ messageId }) => {
        if (messageId === null) return true;
        if (seen.has(messageId)) return false;
        seen.add(messageId);
        return true;
      });
    },
    unanswered: () => waiting.size,
    setAcceptDelay(ms) {
      acceptDelayMs = ms;
    },
    hold(value) {
      held = value;
      if (!held) for (const accept of [...waiting.keys()]) accept();
    },
    close: () =>
      new Promise<void>((resolve) => {
        held = false;
        waiting.clear();
        server.close(() => resolve());
      }),
  };
}

/** How many times each Message-ID arrived. */
export function countByMessageId(deliveries: Delivery[]): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const delivery of deliveries) counts.set(delivery.messageId, (counts.get(delivery.messageId) ?? 0) + 1);
  return counts;
}
