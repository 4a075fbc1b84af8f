import { routeKey, routeTable, startTestApp, type TestApp } from '@teamfolk/services/testing';
import { removeApplicationScoping } from '@teamfolk/shared/testing';
import { authorizationMatrix, type RouteAuthorization, type TargetCells } from './authorization-matrix';
import { parseRouteKey, recipes, send, targetFor } from './route-requests';
import { SIGNED_IN_CALLERS, TARGETS, World, type Caller } from './world';

// Each test calls the API hundreds of times; the integration project leaves jest's 5 s default.
jest.setTimeout(120_000);

/**
 * Calls every route of the router's own table as every caller, on every target, and compares each
 * status with the matrix in authorization-matrix.ts, which canAccess derives from each route's
 * permission. A route the API gains without a row, or a cell that answers differently (a 2xx where
 * the matrix says 401, 403 or 404 is a leak), fails.
 *
 * Modes: the same matrix must hold however the company scoping is enforced.
 */
const MODES = ['application scoping', 'row-level security alone'] as const;
type Mode = (typeof MODES)[number];

async function startFor(mode: Mode): Promise<TestApp> {
  const t = await startTestApp();
  // The application's own company conditions removed: only Postgres' policies keep companies apart.
  if (mode === 'row-level security alone') removeApplicationScoping(t.db.sequelize);
  return t;
}

const routeKeys = Object.keys(authorizationMatrix);

describe.each(MODES)('the authorization matrix with %s', (mode) => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await startFor(mode);
    world = await World.create(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("has a row and a request for exactly the routes of the router's table", () => {
    const table = routeTable(t.app).map(routeKey);
    expect(table.length).toBeGreaterThan(0);
    expect(table.filter((key) => !routeKeys.includes(key))).toEqual([]);
    expect(routeKeys.filter((key) => !table.includes(key))).toEqual([]);
    expect(table.filter((key) => !recipes[key])).toEqual([]);
  });

  /** Calls the route once as `caller` (on `targetId`, if the route names a record) and answers the status. */
  async function statusOf(key: string, caller: Caller, targetId?: string): Promise<number> {
    const { method, path } = parseRouteKey(key);
    const company = caller === 'anonymous' ? world.companies.A : world.companyOf(caller);
    const plan = await recipes[key]!({ world, caller, company, targetId });
    const reply = await send(world.request(), method, path, plan, world.bearerOf(caller));
    // Only a call that succeeded can have changed what the next cells rely on.
    if (reply.status < 300) {
      await plan.afterSuccess?.(reply);
      await world.restore();
    }
    return reply.status;
  }

  /** The row as the API answers it today, in the shape of the expectation. */
  async function observe(key: string, expected: RouteAuthorization): Promise<RouteAuthorization> {
    if (expected.target === undefined) {
      const row: Record<string, number> = { anonymous: await statusOf(key, 'anonymous') };
      for (const caller of SIGNED_IN_CALLERS) row[caller] = await statusOf(key, caller);
      return row as unknown as RouteAuthorization;
    }
    const kind = expected.target;
    const anonymousTarget = await targetFor(world, kind, 'anonymous', 'sameCompany');
    const row: Record<string, unknown> = {
      target: kind,
      anonymous: await statusOf(key, 'anonymous', anonymousTarget!),
    };
    for (const caller of SIGNED_IN_CALLERS) {
      const cells: Record<string, number | null> = {};
      for (const target of TARGETS) {
        const targetId = await targetFor(world, kind, caller, target);
        cells[target] = targetId === null ? null : await statusOf(key, caller, targetId);
      }
      row[caller] = cells as unknown as TargetCells;
    }
    return row as unknown as RouteAuthorization;
  }

  it.each(routeKeys)('%s', async (key) => {
    const expected = (authorizationMatrix as Record<string, RouteAuthorization>)[key]!;
    expect(await observe(key, expected)).toEqual(expected);
  });
});
