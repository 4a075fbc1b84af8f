import pg from 'pg';
import { inBatchedTransaction, inReadOnlyBatches, runAsCompany } from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import { pipelinedRunner } from './balances.repository';

/**
 * The ledger reads' runner (pipelinedRunner over a batched transaction): statements issued together
 * go to Postgres in one round trip and each caller gets its own statement's rows.
 */
let db: TestDatabase;
let roundTrips: string[] = [];
const clientQuery = pg.Client.prototype.query;

beforeAll(async () => {
  db = await createTestDatabase();
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    roundTrips.push(typeof config === 'string' ? config : (config as { text: string }).text);
    return (clientQuery as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof clientQuery;
});
afterAll(async () => {
  pg.Client.prototype.query = clientQuery;
  await db?.drop();
});

const inTransaction = <T>(work: (runner: ReturnType<typeof pipelinedRunner>) => Promise<T>) =>
  runAsCompany(null, () => inBatchedTransaction(db.sequelize, (batch) => work(pipelinedRunner(batch))));

it('sends statements issued together in one round trip, each answered with its own rows', async () => {
  const answers = await inTransaction(async (runner) => {
    const first = await runner.rows<{ one: number }>('SELECT :one::int AS one', { one: 1 });
    roundTrips = [];
    const [clock, words] = await Promise.all([
      runner.rows<{ clock: string }>(`SELECT to_char(time '09:30', 'HH24:MI') AS clock`),
      runner.rows<{ word: string }>('SELECT :word::text AS word', { word: "it's" }),
    ]);
    return { first, clock, words, together: roundTrips.filter((text) => !/^(COMMIT|ROLLBACK)$/.test(text)) };
  });
  expect(answers.first).toEqual([{ one: 1 }]);
  expect(answers.clock).toEqual([{ clock: '09:30' }]);
  expect(answers.words).toEqual([{ word: "it's" }]);
  expect(answers.together).toHaveLength(1);
});

it('refuses the statements of a round trip when one of them fails', async () => {
  const outcome = inTransaction((runner) =>
    Promise.all([runner.rows('SELECT 1 AS fine'), runner.rows('SELECT 1 / 0 AS broken')]),
  );
  await expect(outcome).rejects.toThrow(/division by zero/);
});

it('runs read-only batches as transactions of one round trip each, the company set, refusing a write', async () => {
  roundTrips = [];
  const outcome = await runAsCompany(7, () =>
    inReadOnlyBatches(db.sequelize, async (batch) => {
      const runner = pipelinedRunner(batch);
      const [company] = await runner.rows<{ company: string }>(`SELECT current_setting('app.company_id') AS company`);
      const write = await runner.rows('CREATE TABLE preview_wrote (id int)').catch((error: Error) => error.message);
      return { company, write };
    }),
  );
  expect(outcome).toEqual({
    company: { company: '7' },
    write: 'cannot execute CREATE TABLE in a read-only transaction',
  });
  expect(roundTrips).toHaveLength(2);
  expect(roundTrips.every((text) => text.startsWith('SET TRANSACTION READ ONLY;'))).toBe(true);
});
