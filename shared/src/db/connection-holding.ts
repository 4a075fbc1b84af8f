import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sequelize } from 'sequelize';

/**
 * Code that holds a pooled connection (a transaction's callback, withTenantConnection's work) must
 * never wait for a second one: under load every holder waits for a connection another holder has,
 * and the pool's acquire timeout turns every company's requests into 503s. Tests prove it: on a
 * Sequelize instance given to watchConnectionHolding, the work that holds a connection runs marked,
 * and the test database's pool refuses a connection asked for from inside marked work
 * (shared/src/testing/held-connections.ts). Elsewhere holdingConnection only calls the work.
 */
export interface ConnectionHolding {
  /** The stack of the code that took the connection. */
  readonly takenAt: string;
  /** The holding this one runs inside (a savepoint's transaction). */
  readonly outer: ConnectionHolding | undefined;
  /** Set once the work is over: code it started and left running holds nothing. */
  released: boolean;
}

const holdings = new AsyncLocalStorage<ConnectionHolding>();
const watched = new WeakSet<Sequelize>();

/** The stack here, deep enough to reach the route or job that runs the code (tests only). */
export function stackHere(message: string): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  try {
    return new Error(message).stack ?? message;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Marks the connection holdings of `sequelize` from now on (tests only). */
export function watchConnectionHolding(sequelize: Sequelize): void {
  watched.add(sequelize);
}

/**
 * Runs `work`, which holds a pooled connection of `sequelize` until it settles. `takenAt`: the stack
 * of the caller that took it, where this runs too deep to show it (a transaction's callback).
 */
export function holdingConnection<T>(sequelize: Sequelize, work: () => Promise<T>, takenAt?: string): Promise<T> {
  if (!watched.has(sequelize)) return work();
  const holding: ConnectionHolding = {
    takenAt: takenAt ?? stackHere('The connection was taken here'),
    outer: holdings.getStore(),
    released: false,
  };
  return holdings.run(holding, async () => {
    try {
      return await work();
    } finally {
      holding.released = true;
    }
  });
}

/** Runs `work` as code that holds no connection: tests stand in for another process with it. */
export function outsideConnectionHoldings<T>(work: () => T): T {
  return holdings.exit(work);
}

/** The pooled connection the running code holds, if any (on watched instances only). */
export function heldConnection(): ConnectionHolding | undefined {
  let holding = holdings.getStore();
  while (holding?.released) holding = holding.outer;
  return holding;
}
