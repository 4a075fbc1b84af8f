import supertest from 'supertest';
import {
  listen,
  percentile,
  routeKey,
  routeTable,
  startTestApp,
  statusCounts,
  type TestApp,
} from '@teamfolk/services/testing';
import { authorizationMatrix, type RouteAuthorization } from './authorization-matrix';
import { parseRouteKey, recipes, send, targetFor, type PlannedRequest } from './route-requests';
import { World } from './world';

jest.setTimeout(600_000);

/**
 * Every write route, called 50 times at once by one caller, with the pool at two connections: each
 * call gets an answer of the route's own (a 2xx, or a 4xx refusal such as a conflict), never a 5xx.
 * With code that waits for a second connection while it holds one, 50 such calls take both
 * connections and wait for each other until the pool's acquire timeout (503). The bulkhead between
 * companies is opened wide here, so that all 50 reach the pool together; the sign-in rate limits
 * too, so that the calls reach the database. The acquire timeout is long, so that only such a
 * deadlock, never a busy machine working off 50 calls on two connections, ends in a 503.
 */
const BURST = 50;
const POOL = '2';
const DEADLOCK_ONLY_TIMEOUT_MS = '120000';
/** The bulkhead admits the whole burst at once; the sign-in rate limits never stop a call. */
const WIDE_OPEN = String(BURST);
const UNLIMITED = '1000000';

/** Routes whose every call gets a request of its own (a new person, a new day of leave...). */
const FRESH_REQUEST_ROUTES = new Set([
  'POST /api/auth/signup',
  'POST /api/auth/invitation/accept',
  'POST /api/employees',
  'POST /api/leaves',
]);

const writeRoutes = Object.keys(authorizationMatrix).filter((key) => parseRouteKey(key).method !== 'GET');

interface RouteFigures {
  statuses: Record<number, number>;
  p99Ms: number;
}

let t: TestApp;
let world: World;
let server: Awaited<ReturnType<typeof listen>>;
const figures = new Map<string, RouteFigures>();

beforeAll(async () => {
  t = await startTestApp({
    config: {
      DATABASE_POOL_MAX: POOL,
      DATABASE_ACQUIRE_TIMEOUT_MS: DEADLOCK_ONLY_TIMEOUT_MS,
      COMPANY_WRITE_CONCURRENCY: WIDE_OPEN,
      COMPANY_WRITE_QUEUE: WIDE_OPEN,
      RATE_LIMIT_LOGIN_PER_ACCOUNT: UNLIMITED,
      RATE_LIMIT_LOGIN_PER_IP: UNLIMITED,
      RATE_LIMIT_SIGNUP_PER_ACCOUNT: UNLIMITED,
      RATE_LIMIT_SIGNUP_PER_IP: UNLIMITED,
      RATE_LIMIT_RESEND_PER_ACCOUNT: UNLIMITED,
      RATE_LIMIT_RESEND_PER_IP: UNLIMITED,
      RATE_LIMIT_INVITATION_PER_ACCOUNT: UNLIMITED,
      RATE_LIMIT_INVITATION_PER_IP: UNLIMITED,
      RATE_LIMIT_DECISION_PER_ACCOUNT: UNLIMITED,
      RATE_LIMIT_DECISION_PER_IP: UNLIMITED,
    },
    schedules: false,
  });
  world = await World.create(t);
  server = await listen(t.app);
});
afterAll(async () => {
  const rows = [...figures].map(
    ([key, { statuses, p99Ms }]) => `${key}: ${JSON.stringify(statuses)}, p99 ${p99Ms.toFixed(0)} ms`,
  );
  const all = [...figures.values()];
  const requests = all.reduce((sum, route) => sum + Object.values(route.statuses).reduce((a, b) => a + b, 0), 0);
  if (rows.length > 0) {
    process.stdout.write(
      `${BURST} at once per write route, pool of ${POOL}, ${requests} requests:\n${rows.join('\n')}\n`,
    );
  }
  await server?.close();
  await t?.close();
});

it('covers every write route of the router', () => {
  const table = routeTable(t.app)
    .map(routeKey)
    .filter((key) => parseRouteKey(key).method !== 'GET');
  expect([...table].sort()).toEqual([...writeRoutes].sort());
});

/** The caller whose call the matrix expects to succeed, or to be refused for a business reason. */
function targetOf(expected: RouteAuthorization): boolean {
  return expected.target !== undefined;
}

async function plansFor(key: string): Promise<PlannedRequest[]> {
  const expected = (authorizationMatrix as Record<string, RouteAuthorization>)[key]!;
  const company = world.companies.A;
  const targetId = targetOf(expected)
    ? ((await targetFor(world, expected.target!, 'adminOfA', 'sameCompany')) ?? undefined)
    : undefined;
  const plan = () => recipes[key]!({ world, caller: 'adminOfA', company, targetId });
  if (!FRESH_REQUEST_ROUTES.has(key)) return Array<PlannedRequest>(BURST).fill(await plan());
  return Promise.all(Array.from({ length: BURST }, plan));
}

it.each(writeRoutes)(`%s: ${BURST} calls at once, none answered 5xx`, async (key) => {
  const { method, path } = parseRouteKey(key);
  const plans = await plansFor(key);
  const agent = supertest(server.baseUrl);
  const answers = await Promise.all(
    plans.map(async (plan) => {
      const started = performance.now();
      const reply = await send(agent, method, path, plan, world.bearerOf('adminOfA'));
      return { reply, plan, ms: performance.now() - started };
    }),
  );
  figures.set(key, {
    statuses: statusCounts(answers.map(({ reply }) => reply.status)),
    p99Ms: percentile(
      answers.map(({ ms }) => ms),
      0.99,
    ),
  });
  const succeeded = answers.find(({ reply }) => reply.status < 300);
  if (succeeded) await succeeded.plan.afterSuccess?.(succeeded.reply);
  await world.restore();
  const failures = answers
    .filter(({ reply }) => reply.status >= 500)
    .map(({ reply }) => `${reply.status} ${JSON.stringify(reply.body)}`);
  expect(failures).toEqual([]);
});
