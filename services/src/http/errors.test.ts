import express from 'express';
import { ConnectionAcquireTimeoutError, ConnectionRefusedError, DatabaseError } from 'sequelize';
import supertest from 'supertest';
import { createLogger, generalTexts } from '@teamfolk/shared';
import { errorHandler } from './errors';
import { logRequests } from './request-log';

/** What node-postgres reports, with the SQLSTATE Postgres sent (if any). */
function pgError(message: string, code?: string): Error & { sql: string; parameters: object } {
  return Object.assign(new Error(message), { sql: 'SELECT 1', parameters: {} }, code ? { code } : {});
}

function replyTo(error: unknown) {
  const app = express();
  logRequests(app, createLogger('silent', 'test'));
  app
    .get('/work', () => {
      throw error;
    })
    .use(errorHandler);
  return supertest(app).get('/work');
}

describe('errorHandler when the database is away', () => {
  it.each([
    ['refused connections (Postgres down)', new ConnectionRefusedError(pgError('connect ECONNREFUSED 127.0.0.1:5432'))],
    ['an exhausted pool', new ConnectionAcquireTimeoutError(pgError('Operation timeout'))],
    [
      'a session ended by a restart (57P01)',
      new DatabaseError(pgError('terminating connection due to administrator command', '57P01')),
    ],
    ['a server still starting up (57P03)', new DatabaseError(pgError('the database system is starting up', '57P03'))],
    ['a connection exception (08006)', new DatabaseError(pgError('connection failure', '08006'))],
    [
      'a pooled connection that died under the query',
      new DatabaseError(pgError('Client has encountered a connection error and is not queryable')),
    ],
    ['a connection cut mid-commit', new Error('Connection terminated unexpectedly')],
  ])('should answer 503 with a message and Retry-After for %s', async (_case, error) => {
    const reply = await replyTo(error);
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ message: generalTexts.serviceUnavailable });
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['a query the database refused (42601)', new DatabaseError(pgError('syntax error at or near "SELEC"', '42601'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('should still answer 500 for %s', async (_case, error) => {
    const reply = await replyTo(error);
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: generalTexts.internalError });
    expect(reply.headers['retry-after']).toBeUndefined();
  });
});
