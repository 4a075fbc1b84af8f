import { connect } from 'node:net';
import type { Redis } from 'ioredis';
import {
  closeRedis,
  createLogger,
  createRedisConnection,
  freePort,
  openQueues,
  QUEUE_NAMES,
  type OperatorCredentials,
} from '@teamfolk/shared';
import {
  createTestDatabase,
  createTestRedis,
  metricValue,
  type TestDatabase,
  type TestRedis,
} from '@teamfolk/shared/testing';
import { startOpsServer, type RunningOpsServer } from './ops-server';

const operator: OperatorCredentials = { username: 'operator', password: 'a long operator password' };
const operatorAuth = `Basic ${Buffer.from('operator:a long operator password').toString('base64')}`;
const logger = createLogger('silent', 'test');

let db: TestDatabase;
let testRedis: TestRedis;
const connections: Redis[] = [];
const servers: RunningOpsServer[] = [];

/** An ops server on a free port, over a producer connection to `redisUrl`. */
async function opsServer(redisUrl: string, credentials: OperatorCredentials | null): Promise<string> {
  // No grace period for closing a socket that never connected (ioredis waits 2 s by default).
  const redis = createRedisConnection(redisUrl, 'producer', { disconnectTimeout: 0 });
  redis.on('error', () => undefined);
  connections.push(redis);
  const server = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    sequelize: db.sequelize,
    redis,
    queues: Object.values(openQueues(redis, testRedis.prefix)),
    credentials,
    logger,
  });
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}

let workersOps: string;

beforeAll(async () => {
  db = await createTestDatabase();
  testRedis = createTestRedis();
  workersOps = await opsServer(testRedis.url, operator);
  // Readiness reports Redis down until the producer connection has connected (it queues nothing).
  const producer = connections[0]!;
  if (producer.status !== 'ready') await new Promise((resolve) => producer.once('ready', resolve));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(connections.map(closeRedis));
  await testRedis.flush();
  await db.drop();
});

describe("the workers' ops server", () => {
  it('should answer liveness, and readiness while Postgres and Redis answer', async () => {
    const live = await fetch(`${workersOps}/healthz`);
    expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${workersOps}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', postgres: 'up', redis: 'up' }]);
  });

  it('should not be ready while Redis does not answer, and say which dependency is down', async () => {
    const withoutRedis = await opsServer(`redis://127.0.0.1:${await freePort()}`, operator);
    const ready = await fetch(`${withoutRedis}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'unavailable', postgres: 'up', redis: 'down' }]);
    // Queue depths Redis cannot give are NaN, not a reassuring 0; the rest is still served.
    const metrics = await fetch(`${withoutRedis}/metrics`, { headers: { Authorization: operatorAuth } });
    const text = await metrics.text();
    expect(metrics.status).toBe(200);
    expect(metricValue(text, 'teamfolk_queue_jobs', { queue: 'email', state: 'waiting' })).toBeNaN();
    expect(metricValue(text, 'teamfolk_outbox_lag_seconds', {})).toBe(0);
  });

  it('should serve /metrics to the operator only: job durations, e-mails, queue depths, outbox lag', async () => {
    const refused = await fetch(`${workersOps}/metrics`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Basic realm="Teamfolk operations", charset="UTF-8"');
    const wrong = await fetch(`${workersOps}/metrics`, {
      headers: { Authorization: `Basic ${Buffer.from('operator:guess').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);

    const metrics = await fetch(`${workersOps}/metrics`, { headers: { Authorization: operatorAuth } });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    for (const name of [
      'teamfolk_job_duration_seconds',
      'teamfolk_emails_sent_total',
      'teamfolk_emails_failed_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    for (const queue of QUEUE_NAMES) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(metricValue(text, 'teamfolk_queue_jobs', { queue, state })).toBe(0);
      }
    }
    expect(metricValue(text, 'teamfolk_outbox_lag_seconds', {})).toBe(0);
    expect(metricValue(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
  });

  it('should have no /metrics without operator credentials, and nothing but its three paths', async () => {
    const closed = await opsServer(testRedis.url, null);
    expect((await fetch(`${closed}/metrics`, { headers: { Authorization: operatorAuth } })).status).toBe(404);
    expect((await fetch(`${closed}/healthz`)).status).toBe(200);
    expect((await fetch(`${workersOps}/ops/queues`)).status).toBe(404);
    const posted = await fetch(`${workersOps}/healthz`, { method: 'POST' });
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('should answer 400 to a request target no URL can be made of, and keep serving', async () => {
    const { port } = new URL(workersOps);
    for (const target of ['//[', 'http://x:99999/healthz']) {
      const reply = await rawRequest(Number(port), `GET ${target} HTTP/1.1\r\nHost: ops\r\nConnection: close\r\n\r\n`);
      expect(reply).toMatch(/^HTTP\/1\.1 400 /);
      expect(reply).toContain('{"message":"The request target is not a valid URL"}');
    }
    expect((await fetch(`${workersOps}/healthz`)).status).toBe(200);
  });
});

/** What the server writes back to `request`, sent as is (fetch would refuse to send such a target). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let reply = '';
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}
