import type { Sequelize } from 'sequelize';
import type { AbstractDialect } from 'sequelize/lib/dialects/abstract/index';
import { injectReplacements } from 'sequelize/lib/utils/sql';
import { holdingConnection } from './connection-holding';
import { currentCompanyId } from './tenancy';

type Row = Record<string, unknown>;

interface PgResult {
  rows: Row[];
}

interface PgConnection {
  query(text: string): Promise<PgResult | PgResult[]>;
}

export interface BatchedTransaction {
  /**
   * Sends `sql`, one or more statements separated by semicolons, in one round trip, `:name`s replaced
   * by escaped literals; the rows of each statement, in order. The first call opens the transaction.
   */
  send(sql: string, replacements?: Record<string, unknown>): Promise<Row[][]>;
  /** Like send, with COMMIT appended to the same round trip: the last call of a transaction. */
  commit(sql: string, replacements?: Record<string, unknown>): Promise<Row[][]>;
  /** Statements each with their own replacements, in one round trip; the rows of each, in order. */
  sendEach(statements: ReadonlyArray<BatchStatement>): Promise<Row[][]>;
}

export interface BatchStatement {
  sql: string;
  replacements?: Record<string, unknown>;
}

/**
 * A transaction whose statements travel several to a round trip, for the hottest writes: BEGIN and
 * the company's row-level security setting go with the first statements, COMMIT with the last, so a
 * leave decision costs two round trips where Sequelize's transaction() costs four. On this kind of
 * machine every round trip is two system calls and a wake-up of the Postgres backend, about 0.3 ms
 * of CPU, more than the statements themselves. In READ COMMITTED each statement of a round trip
 * still takes its own snapshot: a statement after a lock sees what the lock's holder committed.
 * Anything thrown in `work`, or by a statement, rolls the whole transaction back.
 */
export function inBatchedTransaction<T>(
  sequelize: Sequelize,
  work: (transaction: BatchedTransaction) => Promise<T>,
): Promise<T> {
  return inBatches(sequelize, work, false);
}

/**
 * The same batches for work that writes nothing (the leave preview, ledger reads): each round trip is a read-only
 * transaction of its own, as Postgres runs a message of several statements, the company's setting
 * first; nothing is left to commit or roll back, which saves the round trip that would. A write (or
 * nextval) fails.
 */
export function inReadOnlyBatches<T>(
  sequelize: Sequelize,
  work: (transaction: BatchedTransaction) => Promise<T>,
): Promise<T> {
  return inBatches(sequelize, work, true);
}

async function inBatches<T>(
  sequelize: Sequelize,
  work: (transaction: BatchedTransaction) => Promise<T>,
  eachOnItsOwn: boolean,
): Promise<T> {
  const connection = (await sequelize.connectionManager.getConnection({ type: 'write' })) as unknown as PgConnection;
  let state = 'new' as 'new' | 'open' | 'committed';
  // Sequelize's typings leave out the dialect it keeps on every instance.
  const { dialect } = sequelize as unknown as { dialect: AbstractDialect };
  const tenancy = `SELECT set_config('app.company_id', ${sequelize.escape(String(currentCompanyId() ?? ''))}, true); `;
  const run = async (statements: ReadonlyArray<BatchStatement>, commit: boolean): Promise<Row[][]> => {
    if (state === 'committed') throw new Error('The transaction has already committed');
    // The setting is local to the transaction: the connection's own (see bindTenancy) comes back after it.
    const opening = eachOnItsOwn ? `SET TRANSACTION READ ONLY; ${tenancy}` : state === 'new' ? `BEGIN; ${tenancy}` : '';
    const skipped = opening ? 2 : 0;
    const closing = commit && !eachOnItsOwn ? '; COMMIT' : '';
    // As sequelize.query injects them: escaped literals, and nothing inside quotes (to_char's 'HH24:MI') taken for one.
    const text = statements
      .map(({ sql, replacements = {} }) => injectReplacements(sql, dialect, replacements))
      .join('; ');
    if (!eachOnItsOwn) state = 'open';
    const reply = await connection.query(`${opening}${text}${closing}`);
    if (commit) state = 'committed';
    const results = Array.isArray(reply) ? reply : [reply];
    return results.slice(skipped, closing ? -1 : undefined).map((result) => result.rows);
  };
  try {
    const result = await holdingConnection(sequelize, () =>
      work({
        send: (sql, replacements) => run([{ sql, replacements }], false),
        commit: (sql, replacements) => run([{ sql, replacements }], true),
        sendEach: (statements) => run(statements, false),
      }),
    );
    if (state === 'open') await connection.query('COMMIT');
    return result;
  } catch (error) {
    // A lost connection cannot roll back, and needs not: Postgres ends the transaction with it.
    if (state === 'open') await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    sequelize.connectionManager.releaseConnection(connection as never);
  }
}
