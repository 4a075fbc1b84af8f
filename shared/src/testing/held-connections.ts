import type { Sequelize, Transaction, TransactionOptions } from 'sequelize';
import { heldConnection, holdingConnection, stackHere, watchConnectionHolding } from '../db/connection-holding';

/**
 * Test only: proves that no code waits for a second pooled connection while it holds one (a
 * transaction's callback, withTenantConnection's or inBatchedTransaction's work). Such code
 * deadlocks the pool under load: with N connections, N holders each waiting for one more wait until
 * the acquire timeout, and every other request with them.
 *
 * Concurrent work is fine as long as nothing holds a connection while it waits for one: the lone
 * queries of a Promise.all outside a transaction each take and give back their own, and the queries
 * of a transaction share its connection. Only an acquisition from inside holding work is refused,
 * loudly: the acquiring call rejects, and the violation (both stacks) is kept for the test run to
 * fail on (takeHeldConnectionViolations, checked after every integration test).
 */
export interface HeldConnectionViolation {
  /** The stack of the code that asked for a second connection. */
  acquiredAt: string;
  /** The stack of the code that took the connection it still held. */
  heldSince: string;
}

export class ConnectionAcquiredWhileHeldError extends Error {
  constructor(readonly violation: HeldConnectionViolation) {
    super(describeViolation(violation));
    this.name = 'ConnectionAcquiredWhileHeldError';
  }
}

const violations: HeldConnectionViolation[] = [];

/** Our own frames only: the stacks' jest, Sequelize and node internals say nothing about the culprit. */
function ownFrames(stack: string): string {
  const frames = stack
    .split('\n')
    .filter(
      (line) =>
        line.includes('/src/') && !line.includes('/node_modules/') && !/held-connections|connection-holding/.test(line),
    );
  return frames.length > 0 ? frames.join('\n') : stack;
}

export function describeViolation({ acquiredAt, heldSince }: HeldConnectionViolation): string {
  return [
    'A pooled connection was asked for while the same async context held one:',
    ownFrames(acquiredAt),
    'while holding the connection taken at:',
    ownFrames(heldSince),
  ].join('\n');
}

interface ConnectionManager {
  getConnection(options?: object): Promise<object>;
}

type TransactionCallback<T> = (transaction: Transaction) => PromiseLike<T>;

/** Watches `sequelize`: its pool refuses a connection asked for by code that holds one of its connections. */
export function refuseConnectionsWhileHeld(sequelize: Sequelize): void {
  watchConnectionHolding(sequelize);
  const connections = sequelize.connectionManager as unknown as ConnectionManager;
  const getConnection = connections.getConnection.bind(connections);
  connections.getConnection = async (options) => {
    const holding = heldConnection();
    if (holding) {
      const violation = { acquiredAt: stackHere('Acquired here'), heldSince: holding.takenAt };
      violations.push(violation);
      throw new ConnectionAcquiredWhileHeldError(violation);
    }
    return getConnection(options);
  };
  // A managed transaction's callback holds its connection (a savepoint's holds its parent's).
  const transaction = sequelize.transaction.bind(sequelize) as (
    options?: TransactionOptions | TransactionCallback<unknown>,
    callback?: TransactionCallback<unknown>,
  ) => Promise<unknown>;
  const holdingTransaction = (
    options?: TransactionOptions | TransactionCallback<unknown>,
    callback?: TransactionCallback<unknown>,
  ): Promise<unknown> => {
    if (typeof options === 'function') return holdingTransaction(undefined, options);
    if (!callback) return transaction(options);
    const takenAt = stackHere('The transaction was opened here');
    return transaction(options, (opened) => holdingConnection(sequelize, async () => callback(opened), takenAt));
  };
  Object.assign(sequelize, { transaction: holdingTransaction });
}

/** The violations seen since the last call, and forgets them. */
export function takeHeldConnectionViolations(): HeldConnectionViolation[] {
  return violations.splice(0, violations.length);
}
