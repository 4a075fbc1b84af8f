import type { Client, QueryResult } from 'pg';
import type { Sequelize } from 'sequelize';

/** The sent_emails row an e-mail job claims before its mail goes out. */
export interface MailClaimRequest {
  companyId: number | null;
  idempotencyKey: string;
  recipient: string;
  template: string;
}

/**
 * A claim held in its batch's open transaction. Exactly one of the two is called, once the SMTP
 * server has answered.
 */
export interface HeldClaim {
  /** The mail was accepted: resolves once the claim has committed, rejects if the commit failed. */
  sent(): Promise<void>;
  /** The mail was not sent: the claim is withdrawn before the batch commits, so a retry sends it. */
  failed(): void;
}

interface Waiting {
  request: MailClaimRequest;
  resolve(claim: HeldClaim | null): void;
  reject(error: unknown): void;
}

/** More keys would make one statement and one open transaction hold too many mails. */
const MAX_BATCH = 200;

/**
 * The e-mail jobs' repository, their only code that touches the database (sent_emails, in raw SQL
 * on a pooled connection it holds per batch). Claims e-mails in batches (group commit). A transaction per claim costs about four round trips
 * per mail (BEGIN, INSERT, COMMIT, often a tenancy setting), each a system call or two on both
 * sides; a batch takes one round trip to claim and one to commit. Claims wait only while
 * `maxOpenBatches` batches are open: a lone mail goes at once, and under load the waiting claims
 * grow into larger batches. The bound also caps the pooled connections that mail holds during SMTP
 * sends (one per open batch), so a slow mail server cannot take the pool from the relay and the
 * other queues.
 *
 * Per mail, the row is inserted before the mail is sent and commits only once the SMTP server has
 * accepted it; a mail whose send failed is deleted before the batch commits, so its retry sends. A
 * concurrent duplicate waits on the unique key for the outcome of whichever claim inserted first
 * (two claims of one key never share a batch, but their batches may be open at once). The price is
 * a longer window in which a killed process leaves accepted mails uncommitted: until the batch's
 * last mail is answered. Their retries send copies with the same Message-ID, which mailboxes drop.
 *
 * A batch belongs to one company: row-level security checks every row against the transaction's.
 */
export class MailClaims {
  /** Claims waiting for a batch, by company, the company waiting longest first. */
  private readonly waiting = new Map<string, Waiting[]>();
  private openBatches = 0;
  private scheduled = false;

  constructor(
    private readonly sequelize: Sequelize,
    private readonly maxOpenBatches: number,
  ) {}

  /** Claims a mail; null when it was sent before (its row exists). */
  claim(request: MailClaimRequest): Promise<HeldClaim | null> {
    const company = request.companyId === null ? '' : String(request.companyId);
    return new Promise((resolve, reject) => {
      const waiting = { request, resolve, reject };
      const queue = this.waiting.get(company);
      if (queue) queue.push(waiting);
      else this.waiting.set(company, [waiting]);
      this.schedule();
    });
  }

  /** Opens batches on the next turn of the event loop, so the claims of jobs started in this one go together. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.openBatches < this.maxOpenBatches && this.waiting.size > 0) {
        const [company, queue] = this.waiting.entries().next().value!;
        this.waiting.delete(company);
        const batch = takeBatch(queue);
        // Back of the line: one company's burst does not hold up the others.
        if (queue.length > 0) this.waiting.set(company, queue);
        this.openBatches += 1;
        void this.runBatch(company, batch).finally(() => {
          this.openBatches -= 1;
          if (this.waiting.size > 0) this.schedule();
        });
      }
    });
  }

  private async runBatch(company: string, batch: Waiting[]): Promise<void> {
    let connection: Client;
    try {
      connection = (await this.sequelize.connectionManager.getConnection({ type: 'write' })) as Client;
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    let claimedKeys: Set<string>;
    try {
      claimedKeys = await insertClaims(connection, company, batch);
    } catch (error) {
      await this.abandon(connection);
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    const { answered, settle } = handOut(batch, claimedKeys);
    const failedKeys = await answered;
    const withdraw = failedKeys.length
      ? `DELETE FROM sent_emails WHERE idempotency_key IN
           (SELECT json_array_elements_text(${connection.escapeLiteral(JSON.stringify(failedKeys))}::json));`
      : '';
    try {
      await connection.query(`${withdraw} COMMIT`);
    } catch (error) {
      await this.abandon(connection);
      settle(error);
      return;
    }
    this.sequelize.connectionManager.releaseConnection(connection);
    settle();
  }

  /** Rolls back and gives the connection back; one that cannot even roll back is dropped. */
  private async abandon(connection: Client): Promise<void> {
    try {
      await connection.query('ROLLBACK');
      this.sequelize.connectionManager.releaseConnection(connection);
    } catch {
      await this.sequelize.connectionManager.destroyConnection(connection).catch(() => undefined);
    }
  }
}

/**
 * Opens the batch's transaction as the company and inserts its rows, in one round trip (a simple
 * protocol query may hold several statements; the values go as literals). Answers the keys it
 * claimed: a key whose row exists is skipped, after waiting for the transaction that holds it.
 * Rows go in key order, so two batches that share keys (processes replaying the same jobs) take
 * their locks in the same order instead of deadlocking.
 */
async function insertClaims(connection: Client, company: string, batch: Waiting[]): Promise<Set<string>> {
  const rows = batch.map(({ request }) => ({
    company_id: request.companyId,
    idempotency_key: request.idempotencyKey,
    recipient: request.recipient,
    template: request.template,
  }));
  const results = (await connection.query(
    `BEGIN;
     SELECT set_config('app.company_id', ${connection.escapeLiteral(company)}, true);
     INSERT INTO sent_emails (company_id, idempotency_key, recipient, template)
     SELECT company_id, idempotency_key, recipient, template
       FROM json_to_recordset(${connection.escapeLiteral(JSON.stringify(rows))}::json)
            AS claim (company_id integer, idempotency_key text, recipient text, template text)
      ORDER BY idempotency_key
         ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING idempotency_key`,
  )) as unknown as QueryResult<{ idempotency_key: string }>[];
  return new Set(results[2]!.rows.map((row) => row.idempotency_key));
}

/**
 * Answers every waiting job: a held claim, or null for a mail sent before. `answered` resolves with
 * the keys whose sends failed once every claimed mail has been answered; `settle` then reports the
 * commit to the jobs waiting for it.
 */
function handOut(
  batch: Waiting[],
  claimedKeys: Set<string>,
): { answered: Promise<string[]>; settle(error?: unknown): void } {
  const failedKeys: string[] = [];
  let outstanding = claimedKeys.size;
  let allAnswered: () => void = () => undefined;
  const answered = new Promise<string[]>((resolve) => {
    allAnswered = () => resolve(failedKeys);
  });
  let settle: (error?: unknown) => void = () => undefined;
  const committed = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  // Mails that failed do not wait for the commit, so a batch of failures would leave it unhandled.
  committed.catch(() => undefined);
  const answer = () => {
    outstanding -= 1;
    if (outstanding === 0) allAnswered();
  };
  if (outstanding === 0) allAnswered();
  for (const { request, resolve } of batch) {
    if (!claimedKeys.has(request.idempotencyKey)) {
      resolve(null);
      continue;
    }
    let done = false;
    resolve({
      sent() {
        if (!done) {
          done = true;
          answer();
        }
        return committed;
      },
      failed() {
        if (done) return;
        done = true;
        failedKeys.push(request.idempotencyKey);
        answer();
      },
    });
  }
  return { answered, settle };
}

/** Takes the claims of one batch off a company's queue: at most MAX_BATCH, one per key (the others wait). */
function takeBatch(queue: Waiting[]): Waiting[] {
  const batch: Waiting[] = [];
  const keys = new Set<string>();
  const later: Waiting[] = [];
  for (const waiting of queue) {
    if (batch.length < MAX_BATCH && !keys.has(waiting.request.idempotencyKey)) {
      keys.add(waiting.request.idempotencyKey);
      batch.push(waiting);
    } else later.push(waiting);
  }
  queue.splice(0, queue.length, ...later);
  return batch;
}
