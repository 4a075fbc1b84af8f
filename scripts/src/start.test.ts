import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { Client } from 'pg';
import type { Service } from '@teamfolk/shared';
import { databaseForStart } from './start-database';
import { terminalLogger } from './terminal-log';

/** What `npm start` does before the product runs: its log, and the database it opens. */

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, destination };
}

const requestLine = {
  req: { id: 'f2c9', method: 'GET', url: '/api/employees' },
  res: { statusCode: 200 },
  responseTime: 12,
  userId: 7,
  companyId: 3,
};

describe("npm start's log", () => {
  it('is a line a person reads per request in development, not JSON', () => {
    const { lines, destination } = capture();
    const logger = terminalLogger({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, destination);
    logger.info(requestLine, 'request completed');
    logger.child({ req: { id: 'f2c9' } }).warn({ securityEvent: 'sign-in.throttled', status: 429 }, 'security event');
    logger.info({ password: 'hunter22' }, 'a secret');

    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/employees 200 12 ms \(user 7\)$/);
    expect(lines.filter((line) => line.includes('/api/employees'))).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/WARN: security event \(request f2c9\)/);
    expect(lines.join('\n')).not.toContain('hunter22');
    expect(lines.some((line) => line.trimStart().startsWith('{'))).toBe(false);
  });

  it('stays JSON in production', () => {
    const { lines, destination } = capture();
    terminalLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, destination).info(requestLine, 'request completed');
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'request completed', ...requestLine });
  });
});

describe("npm start's database", () => {
  const server: Service = {
    url: process.env.TEST_POSTGRES_URL!,
    origin: 'the tests',
    stop: async () => undefined,
  };
  const owner = () => new Client({ connectionString: server.url });
  const urlOf = (database: string, user?: string) => {
    const url = new URL(server.url);
    url.pathname = `/${database}`;
    if (user) url.username = user;
    return url.toString();
  };

  it('is the one DATABASE_URL names, created when it does not exist yet', async () => {
    const name = `start_${randomBytes(4).toString('hex')}`;
    const client = owner();
    await client.connect();
    try {
      expect(await databaseForStart({ DATABASE_URL: urlOf(name) }, server)).toBe(urlOf(name));
      expect(await databaseForStart({ DATABASE_URL: urlOf(name) }, server)).toBe(urlOf(name));
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      expect(rowCount).toBe(1);
    } finally {
      await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      await client.end();
    }
  });

  it('says the command that creates it when its login may not', async () => {
    const name = `start_${randomBytes(4).toString('hex')}`;
    const role = `start_${randomBytes(4).toString('hex')}`;
    const client = owner();
    await client.connect();
    await client.query(`CREATE ROLE "${role}" LOGIN PASSWORD 'start-test'`);
    try {
      const url = urlOf(name, role).replace(`${role}@`, `${role}:start-test@`);
      const refusal = databaseForStart({ DATABASE_URL: url }, server);
      await expect(refusal).rejects.toThrow(`The database "${name}" that DATABASE_URL names does not exist`);
      await expect(refusal).rejects.toThrow(`CREATE DATABASE "${name}" OWNER "${role}"`);
    } finally {
      await client.query(`DROP ROLE "${role}"`);
      await client.end();
    }
  });
});
