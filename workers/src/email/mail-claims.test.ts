import { QueryTypes } from 'sequelize';
import { Company, runAsCompany } from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import { MailClaims, type HeldClaim, type MailClaimRequest } from './mail-claims';

let db: TestDatabase;
let companyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  companyId = (await Company.create({ name: 'Claims Co' })).id;
  otherCompanyId = (await Company.create({ name: 'Other Claims Co' })).id;
});
afterAll(async () => {
  await db.drop();
});

let sequence = 0;
const request = (key = `claim-${++sequence}`, company = companyId): MailClaimRequest => ({
  companyId: company,
  idempotencyKey: key,
  recipient: `${key}@example.com`,
  template: 'invitation',
});

/** Claims as an e-mail job does: inside its company's context, so row-level security applies. */
const claim = (claims: MailClaims, mail: MailClaimRequest) => runAsCompany(mail.companyId, () => claims.claim(mail));

/** The committed rows of the keys, as another connection (the schema owner) sees them. */
async function committed(keys: string[]): Promise<Array<{ key: string; transaction: string }>> {
  return db.sequelize.query<{ key: string; transaction: string }>(
    'SELECT idempotency_key AS key, xmin::text AS transaction FROM sent_emails WHERE idempotency_key IN (:keys) ORDER BY 1',
    { replacements: { keys }, type: QueryTypes.SELECT },
  );
}

const held = (claim: HeldClaim | null): HeldClaim => {
  if (!claim) throw new Error('expected the claim to be granted');
  return claim;
};

describe('MailClaims', () => {
  it('should claim the mails of concurrent jobs in one transaction that commits once every one was answered', async () => {
    const claims = new MailClaims(db.sequelize, 4);
    const mails = [request(), request(), request(), request()];
    const granted = (await Promise.all(mails.map((mail) => claim(claims, mail)))).map(held);
    const keys = mails.map((mail) => mail.idempotencyKey);

    const firstSent = granted[0]!.sent();
    granted[1]!.failed();
    const thirdSent = granted[2]!.sent();
    expect(await committed(keys)).toEqual([]);

    const lastSent = granted[3]!.sent();
    await Promise.all([firstSent, thirdSent, lastSent]);
    const rows = await committed(keys);
    expect(rows.map((row) => row.key)).toEqual([keys[0], keys[2], keys[3]].sort());
    expect(new Set(rows.map((row) => row.transaction)).size).toBe(1);
  });

  it('should keep at most maxOpenBatches transactions open, the claims made meanwhile going together in the next', async () => {
    const claims = new MailClaims(db.sequelize, 2);
    const [first, second, third, fourth] = [request(), request(), request(), request()];
    const firstHeld = held(await claim(claims, first));
    const secondHeld = held(await claim(claims, second));
    let waitingAnswered = false;
    const waiting = Promise.all([claim(claims, third), claim(claims, fourth)]).then((granted) => {
      waitingAnswered = true;
      return granted.map(held);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(waitingAnswered).toBe(false);

    await firstHeld.sent();
    const later = await waiting;
    await Promise.all([secondHeld.sent(), ...later.map((one) => one.sent())]);
    const transactions = new Map(
      (await committed([first, second, third, fourth].map((mail) => mail.idempotencyKey))).map((row) => [
        row.key,
        row.transaction,
      ]),
    );
    expect(transactions.size).toBe(4);
    expect(transactions.get(third.idempotencyKey)).toBe(transactions.get(fourth.idempotencyKey));
    expect(new Set(transactions.values()).size).toBe(3);
  });

  it('should refuse a mail whose row committed before, and grant again one whose send failed', async () => {
    const claims = new MailClaims(db.sequelize, 4);
    const sent = request();
    await held(await claim(claims, sent)).sent();
    const failing = request();
    held(await claim(claims, failing)).failed();

    expect(await claim(claims, sent)).toBeNull();
    const retried = held(await claim(claims, failing));
    await retried.sent();
    expect((await committed([failing.idempotencyKey])).map((row) => row.key)).toEqual([failing.idempotencyKey]);
  });

  it('should hold a duplicate of a mail in flight until its outcome is known', async () => {
    const claims = new MailClaims(db.sequelize, 4);
    const mail = request();
    const pending = [claim(claims, mail), claim(claims, { ...mail })];
    // The two go in separate batches, open at once: whichever inserts first holds the key.
    const winner = await Promise.race(pending.map((answer, index) => answer.then((granted) => ({ index, granted }))));
    const duplicate = pending[1 - winner.index]!;
    let duplicateAnswered = false;
    void duplicate.then(() => (duplicateAnswered = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(duplicateAnswered).toBe(false);

    held(winner.granted).failed();
    const second = held(await duplicate);
    await second.sent();
    expect(await claim(claims, { ...mail })).toBeNull();
  });

  it('should keep the companies apart, each batch under its own company', async () => {
    const claims = new MailClaims(db.sequelize, 4);
    const ours = request();
    const theirs = request(undefined, otherCompanyId);
    const granted = (await Promise.all([claim(claims, ours), claim(claims, theirs)])).map(held);
    await Promise.all(granted.map((one) => one.sent()));
    const rows = await db.sequelize.query<{ key: string; company_id: number }>(
      'SELECT idempotency_key AS key, company_id FROM sent_emails WHERE idempotency_key IN (:keys) ORDER BY company_id',
      { replacements: { keys: [ours.idempotencyKey, theirs.idempotencyKey] }, type: QueryTypes.SELECT },
    );
    expect(rows).toEqual([
      { key: ours.idempotencyKey, company_id: companyId },
      { key: theirs.idempotencyKey, company_id: otherCompanyId },
    ]);
  });

  it('should fail the jobs of a batch the database refused, and leave its connection fit for the next batch', async () => {
    const claims = new MailClaims(db.sequelize, 4);
    // Row-level security refuses a row of another company than the transaction's.
    const refused = claim(claims, { ...request(), companyId: null }).catch((error: Error) => error);
    await expect(refused).resolves.toBeInstanceOf(Error);

    const mails = Array.from({ length: 25 }, () => request());
    const granted = (await Promise.all(mails.map((mail) => claim(claims, mail)))).map(held);
    await Promise.all(granted.map((one) => one.sent()));
    expect(await committed(mails.map((mail) => mail.idempotencyKey))).toHaveLength(25);
  });

  it('should reject the waiting jobs when the commit fails, leaving no row behind', async () => {
    const claims = new MailClaims(db.sequelize, 4);
    const mails = [request(), request()];
    const granted = (await Promise.all(mails.map((mail) => claim(claims, mail)))).map(held);
    const [backend] = await db.sequelize.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`,
      { type: QueryTypes.SELECT },
    );
    await db.sequelize.query('SELECT pg_terminate_backend(:pid)', { replacements: { pid: backend!.pid } });

    const outcomes = await Promise.allSettled(granted.map((one) => one.sent()));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await committed(mails.map((mail) => mail.idempotencyKey))).toEqual([]);

    const after = request();
    await held(await claim(claims, after)).sent();
    expect(await committed([after.idempotencyKey])).toHaveLength(1);
  });
});
