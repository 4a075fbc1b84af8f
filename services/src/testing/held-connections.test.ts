import { QueryTypes } from 'sequelize';
import { inBatchedTransaction, runAsCompany, withTenantConnection } from '@teamfolk/shared';
import {
  ConnectionAcquiredWhileHeldError,
  createTestDatabase,
  takeHeldConnectionViolations,
  type TestDatabase,
} from '@teamfolk/shared/testing';

/**
 * The check every integration test runs under (refuseConnectionsWhileHeld on the test database):
 * code that holds a pooled connection and asks for another is refused with both stacks; concurrent
 * work that holds nothing while it waits is not.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const lone = () => db.sequelize.query('SELECT 1 AS one', { type: QueryTypes.SELECT });
const asCompany = <T>(work: () => Promise<T>) => runAsCompany(null, work);

/** Runs `work`, expects the check to refuse it, and answers the one violation it recorded. */
async function refusal(work: () => Promise<unknown>) {
  await expect(asCompany(work)).rejects.toThrow(ConnectionAcquiredWhileHeldError);
  const violations = takeHeldConnectionViolations();
  expect(violations).toHaveLength(1);
  return violations[0]!;
}

describe('asking for a pooled connection while holding one', () => {
  it('is refused inside a transaction, naming both places', async () => {
    const violation = await refusal(() => db.sequelize.transaction(async () => lone()));
    expect(violation.acquiredAt).toContain('held-connections.test.ts');
    expect(violation.heldSince).toContain('held-connections.test.ts');
  });

  it("is refused for a second transaction opened inside another's callback", async () => {
    await refusal(() => db.sequelize.transaction(() => db.sequelize.transaction(async () => 1)));
  });

  it('is refused for a lone query among the queries of a transaction run at once', async () => {
    await refusal(() =>
      db.sequelize.transaction((transaction) =>
        Promise.all([
          db.sequelize.query('SELECT 1', { transaction }),
          lone(),
          db.sequelize.query('SELECT 2', { transaction }),
        ]),
      ),
    );
  });

  it("is refused inside withTenantConnection's work", async () => {
    await refusal(() => withTenantConnection(db.sequelize, async () => lone()));
  });

  it("is refused inside inBatchedTransaction's work", async () => {
    await refusal(() =>
      inBatchedTransaction(db.sequelize, async (transaction) => {
        await transaction.send('SELECT 1');
        return lone();
      }),
    );
  });
});

describe('concurrent work that holds nothing while it waits', () => {
  it('passes: lone queries at once, the queries of a transaction at once, savepoints', async () => {
    await asCompany(async () => {
      await Promise.all([lone(), lone(), lone()]);
      await db.sequelize.transaction((transaction) =>
        Promise.all([
          db.sequelize.query('SELECT 1', { transaction }),
          db.sequelize.transaction({ transaction }, (savepoint) =>
            db.sequelize.query('SELECT 2', { transaction: savepoint }),
          ),
        ]),
      );
      await Promise.all([withTenantConnection(db.sequelize, async () => 1), lone()]);
    });
    expect(takeHeldConnectionViolations()).toEqual([]);
  });

  it('passes: work a transaction started and left running, once the transaction is over', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await asCompany(() =>
      db.sequelize.transaction(async () => {
        later = new Promise((resolve) => setTimeout(resolve, 50)).then(lone);
      }),
    );
    await later;
    expect(takeHeldConnectionViolations()).toEqual([]);
  });
});
