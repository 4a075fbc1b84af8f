import type { Server } from 'node:http';
import fc from 'fast-check';
import supertest from 'supertest';
import { generalTexts, MAX_REQUEST_BODY_DEPTH } from '@teamfolk/shared';
import { createInvitedEmployee, routeKey, routeTable, startTestApp, type TestApp } from '@teamfolk/services/testing';
import {
  bodyArbitrary,
  hostileSegment,
  hostileStrings,
  malformedBodies,
  mutatedSeed,
  percentEncode,
  toJsonText,
  valueFromSchema,
  type FieldHints,
} from './arbitraries';
import { authorizationOf, type RouteAuthorization } from './authorization-matrix';
import { fuzzEntries, type FuzzEntry, type ParamKind } from './fuzz-schemas';
import {
  fillPath,
  parseRouteKey,
  recipes,
  SIGN_IN_CHANGING_ROUTES,
  targetFor,
  type PlannedRequest,
} from './route-requests';
import { World, type SignedInCaller } from './world';

// Each test calls the API hundreds of times; the integration project leaves jest's 5 s default.
jest.setTimeout(180_000);

/**
 * Property-based fuzzing of every route's body, query and path parameters, shaped by its zod schema
 * and mixed with hostile values, as an employee and as the admin of company A. Every reply must be
 * below 500, free of stack traces and SQL errors, a JSON `{message}` when it refuses, and a refusal
 * the route may give (the matrix's 401/403 for a caller without rights, or 400, 404, 409, 413, 415,
 * 422 and the route's own by-design answers).
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 115);
const MIN_REQUESTS = 10_000;
/**
 * The API under fuzzing has the rate limits raised: thousands of failed sign-ins, sign-ups, password
 * checks and addresses of the other company's people are the point here, the limits have their own
 * tests, and the world must still be able to sign its people in again. Everything else is the
 * configuration of every test.
 */
const RELAXED_RATE_LIMITS = Object.fromEntries(
  [
    ...['LOGIN', 'SIGNUP', 'RESEND', 'INVITATION', 'DECISION'].flatMap((route) =>
      ['PER_ACCOUNT', 'PER_IP'].map((scope) => `RATE_LIMIT_${route}_${scope}`),
    ),
    'RATE_LIMIT_LOGIN_PER_DEVICE',
    'RATE_LIMIT_TAKEN_ADDRESS_PER_ADMIN',
    'RATE_LIMIT_TAKEN_ADDRESS_PER_COMPANY',
  ].map((setting) => [setting, '1000000']),
);
const MAX_URL_LENGTH = 8_000;
/** Fresh every run (print it to replay one: FUZZ_SEED=… npx jest services/src/security/fuzz). */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const FUZZ_CALLERS: SignedInCaller[] = ['employeeOfA', 'adminOfA'];
const INVALID_INPUT = [400, 404, 409, 413, 415, 422];
const LEAK_PATTERNS = [
  /\n\s+at \S/,
  /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/,
  /node_modules/,
  /syntax error at/i,
  /violates/i,
  /Sequelize\w*Error/,
  /invalid input syntax/i,
  /out of range for type/i,
  /duplicate key value/i,
  /invalid byte sequence/i,
];

interface FuzzRequest {
  path: string;
  query: string;
  body: { contentType: string; text: string } | null;
}

interface Failure {
  problem: string;
  status: number;
  request: string;
  reply: string;
}

let t: TestApp;
let world: World;
let server: Server;
let client: ReturnType<typeof supertest>;
let table: string[];
let sent = 0;
let hints: FieldHints;
let paramValues: Record<ParamKind, fc.Arbitrary<string>>;
/** A valid request per caller and route (the matrix's), whose fields the fuzzer changes one at a time. */
const seeds = new Map<string, PlannedRequest>();
const startedAt = Date.now();

const clip = (text: string, length = 300) => (text.length > length ? `${text.slice(0, length)}…` : text);

beforeAll(async () => {
  t = await startTestApp();
  // supertest keeps an agent's app as an http.Server: listening once spares a listen and a close per request.
  server = (t.requestWith(RELAXED_RATE_LIMITS) as unknown as { app: Server }).app;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = supertest(server);
  world = await World.create(t, { request: () => client as unknown as supertest.Agent });
  table = routeTable(t.app).map(routeKey);

  const { A, B } = world.companies;
  const people = [A.admin, A.employee, A.colleague, B.admin, B.employee, B.colleague];
  const employeeIds = [A.employee, A.colleague, B.employee, B.colleague].map((person) => person.employeeId!);
  employeeIds.push(A.invited.employeeId, B.invited.employeeId);
  const recordIds = [...employeeIds, ...A.leaveIds, ...B.leaveIds].map(String);
  const cards = [...A.cardIds, ...B.cardIds];
  const sessions = [
    await world.freshSetupSession(A),
    await world.freshSetupSession(B),
    await world.freshSetupSession(A),
  ];
  const invitationTokens: string[] = [];
  for (const company of [A, B, A, B]) {
    const unique = world.unique();
    const { token } = await createInvitedEmployee(t.db.sequelize, company.model, {
      name: `Fuzz Invitee ${unique}`,
      email: `fuzz-invitee-${unique}@example.com`,
    });
    invitationTokens.push(token);
  }
  const feedUrl = await world.request().get('/api/calendar/feed-url').set('Authorization', A.colleague.bearer);
  const feedToken = /\/feed\/([^/]+)\.ics$/.exec(feedUrl.body.url as string)![1]!;

  for (const caller of FUZZ_CALLERS) {
    for (const key of Object.keys(fuzzEntries)) {
      const recipe = recipes[key];
      // Preparing these requests changes the caller's sign-in, and a one-field change of them may succeed.
      if (!recipe || !table.includes(key) || SIGN_IN_CHANGING_ROUTES.includes(key)) continue;
      const kind = authorizationOf(key)?.target;
      const targetId = kind ? await targetFor(world, kind, caller, 'sameCompany') : null;
      seeds.set(
        `${caller} ${key}`,
        await recipe({ world, caller, company: world.companyOf(caller), targetId: targetId ?? undefined }),
      );
    }
  }

  hints = {
    email: fc.constantFrom(...people.map((person) => person.email), A.invited.email),
    employee_id: fc.constantFrom(...employeeIds),
    id: fc.constantFrom(...employeeIds),
    sessionId: fc.constantFrom(...sessions),
    paymentMethodId: fc.constantFrom(...cards),
    token: fc.constantFrom(...invitationTokens),
    password: fc.constantFrom(A.employee.password, A.admin.password),
  };
  paramValues = {
    recordId: fc.oneof(
      { arbitrary: fc.constantFrom(...recordIds), weight: 3 },
      { arbitrary: fc.nat(5_000).map(String), weight: 2 },
      { arbitrary: hostileSegment, weight: 3 },
    ),
    emailToken: fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{20,128}$/),
      fc.constantFrom(...invitationTokens),
      hostileSegment,
    ),
    feedToken: fc.oneof(
      fc.constant(feedToken),
      fc.nat(feedToken.length - 1).map((at) => `${feedToken.slice(0, at)}A${feedToken.slice(at + 1)}`),
      fc
        .tuple(
          fc.oneof(fc.nat().map(String), fc.constantFrom('9999999999', '0', '0000000001')),
          fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        )
        .map(([user, mac]) => `${user}.${mac}`),
      hostileSegment,
    ),
    providerId: fc.oneof(fc.constantFrom(...cards), fc.stringMatching(/^[A-Za-z0-9_]{1,255}$/), hostileSegment),
  };
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A path segment, usually percent-encoded, sometimes as it is (printable ASCII only). */
const segment = (value: string, raw: boolean) =>
  raw && /^[\x21-\x7e]+$/.test(value) && !/[?#/]/.test(value) ? value : percentEncode(value);

const queryValue = (value: unknown) => (typeof value === 'string' ? value : toJsonText(value));

/** `?a=1&b=2`; an array becomes a repeated parameter (`?a=1&a=2`), which Express reads as an array. */
function queryText(entries: [string, unknown][]): string {
  const parts = entries.flatMap(([key, value]) =>
    (Array.isArray(value) && value.length > 0 ? value : [value]).map(
      (item) => `${percentEncode(key)}=${percentEncode(queryValue(item))}`,
    ),
  );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The query: the route's own parameters (schema-shaped) plus stray and hostile ones. */
function queryArbitrary(entry: FuzzEntry): fc.Arbitrary<[string, unknown][]> {
  const stray = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'q', 'sort', 'range', 'filter', 'start', 'end', 'id'),
        fc.string({ maxLength: 8 }),
      ),
      fc.oneof(fc.constantFrom(...hostileStrings), fc.string({ maxLength: 20 })),
    ),
    { maxLength: 2 },
  );
  const own: fc.Arbitrary<[string, unknown][]> = entry.listQuery
    ? fc
        .record(
          {
            sort: valueFromSchema(entry.listQuery.sort),
            range: valueFromSchema(entry.listQuery.range),
            filter: valueFromSchema(entry.listQuery.filter, hints),
          },
          { requiredKeys: [] },
        )
        .map((parts) => Object.entries(parts).map(([key, value]) => [key, toJsonText(value)]))
    : entry.query
      ? valueFromSchema(entry.query).map((value) =>
          value !== null && typeof value === 'object' && !Array.isArray(value)
            ? Object.entries(value)
            : [['start', value]],
        )
      : fc.constant([]);
  return fc
    .tuple(own, fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: stray, weight: 1 }))
    .map(([mine, extra]) => [...mine, ...extra]);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function requestArbitrary(key: string, entry: FuzzEntry, seed: PlannedRequest | undefined): fc.Arbitrary<FuzzRequest> {
  const { path } = parseRouteKey(key);
  const names = [...path.matchAll(/:([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!);
  const params = fc.tuple(
    ...names.map((name) => {
      const kind = entry.params?.[name];
      if (!kind) throw new Error(`${key}: the fuzz entry does not say what :${name} is`);
      return fc.tuple(
        paramValues[kind],
        fc.integer({ min: 0, max: 5 }).map((roll) => roll === 0),
      );
    }),
  );
  const asJson = (value: unknown) =>
    value === undefined ? null : { contentType: 'application/json', text: toJsonText(value) };
  const body = fc.oneof(
    { arbitrary: bodyArbitrary(entry.body, hints).map(asJson), weight: 8 },
    ...(isPlainObject(seed?.body)
      ? [{ arbitrary: mutatedSeed(seed.body, entry.body, hints).map(asJson), weight: 8 }]
      : []),
    { arbitrary: fc.constantFrom(...malformedBodies), weight: 1 },
  );
  const query = seed?.query
    ? fc.oneof(
        queryArbitrary(entry),
        mutatedSeed(seed.query, entry.query).map((mutated) => Object.entries(mutated)),
      )
    : queryArbitrary(entry);
  return fc.record({ params, query, body }).map((parts) => {
    let index = 0;
    const filled = path.replace(/:([A-Za-z_$][\w$]*)/g, () => {
      const [value, raw] = parts.params[index++]!;
      return segment(value, raw);
    });
    // Node refuses a request line and headers over 16 KB itself (a bare 431), before the app: stay under.
    const query = queryText(parts.query).slice(0, MAX_URL_LENGTH - filled.length);
    return { path: filled, query, body: parts.body };
  });
}

/** The entry's pinned requests: the valid seed with the example's fields changed. */
function exampleRequests(key: string, entry: FuzzEntry, seed: PlannedRequest | undefined): FuzzRequest[] {
  const { path } = parseRouteKey(key);
  return (entry.examples ?? []).map((example) => {
    const body = isPlainObject(seed?.body) ? { ...seed.body, ...example.body } : example.body;
    return {
      path: fillPath(path, seed?.params),
      query: queryText(Object.entries({ ...seed?.query, ...example.query })),
      body: body === undefined ? null : { contentType: 'application/json', text: toJsonText(body) },
    };
  });
}

/** Statuses the caller may get from the route: its rights per the matrix, invalid input, by-design refusals. */
function answersFor(key: string, caller: SignedInCaller, entry: FuzzEntry) {
  const expected = authorizationOf(key) as RouteAuthorization;
  const cell = expected[caller];
  const cells = (typeof cell === 'number' ? [cell] : Object.values(cell)).filter(
    (status): status is number => status !== null,
  );
  const refusals = new Set([...INVALID_INPUT, ...(entry.alsoAnswers ?? []), ...cells.filter((s) => s >= 400)]);
  return { refusals, mayPass: cells.some((status) => status < 400) };
}

function problemWith(reply: supertest.Response, answers: { refusals: Set<number>; mayPass: boolean }): string | null {
  const text = reply.text ?? '';
  if (reply.status >= 500) return `status ${reply.status}`;
  const leak = LEAK_PATTERNS.find((pattern) => pattern.test(text));
  if (leak) return `reply shows internals (${leak})`;
  if (reply.status >= 200 && reply.status < 300)
    return answers.mayPass ? null : `a ${reply.status} the caller has no right to`;
  if (reply.status < 400 || reply.status >= 500) return `status ${reply.status}`;
  if (!/application\/json/.test(String(reply.headers['content-type'])) || typeof reply.body?.message !== 'string') {
    return `a ${reply.status} without a JSON message`;
  }
  if (!answers.refusals.has(reply.status)) return `unexpected ${reply.status}`;
  return null;
}

async function sendFuzzed(method: string, request: FuzzRequest, bearer: string): Promise<supertest.Response> {
  const sender = (client as unknown as Record<string, (url: string) => supertest.Test>)[method.toLowerCase()]!;
  const call = sender
    .call(client, `${request.path}${request.query}`)
    .set('Authorization', bearer)
    .ok(() => true);
  sent++;
  if (!request.body) return call;
  return call.set('Content-Type', request.body.contentType).send(request.body.text);
}

it('has a fuzz entry for every route of the router, naming every path parameter', () => {
  expect(table.filter((key) => !fuzzEntries[key])).toEqual([]);
  expect(Object.keys(fuzzEntries).filter((key) => !table.includes(key))).toEqual([]);
  for (const key of table) {
    const names = [...parseRouteKey(key).path.matchAll(/:([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!);
    expect(names.filter((name) => !fuzzEntries[key]?.params?.[name])).toEqual([]);
  }
});

describe.each(FUZZ_CALLERS)('fuzzed as the %s', (caller) => {
  it.each(Object.keys(fuzzEntries))('%s', async (key) => {
    await world.restore();
    const entry = fuzzEntries[key]!;
    const { method } = parseRouteKey(key);
    const answers = answersFor(key, caller, entry);
    const failures = new Map<string, Failure>();
    const seed = seeds.get(`${caller} ${key}`);
    await fc.assert(
      fc.asyncProperty(requestArbitrary(key, entry, seed), async (request) => {
        const reply = await sendFuzzed(method, request, world.personOf(caller).bearer);
        // A sign-out (or any change of the caller's sign-in) that went through: sign in again.
        if (reply.status < 300 && SIGN_IN_CHANGING_ROUTES.includes(key)) await world.restore();
        const problem = problemWith(reply, answers);
        if (problem && !failures.has(problem)) {
          failures.set(problem, {
            problem,
            status: reply.status,
            request: clip(
              `${method} ${request.path}${request.query} ${request.body?.contentType ?? ''} ${request.body?.text ?? ''}`,
            ),
            reply: clip(reply.text ?? ''),
          });
        }
      }),
      {
        numRuns: Math.max(1, Math.round(RUNS_PER_ROUTE * (entry.weight ?? 1))),
        seed: SEED + Object.keys(fuzzEntries).indexOf(key) + FUZZ_CALLERS.indexOf(caller) * 1_000,
        examples: exampleRequests(key, entry, seed).map((request) => [request]),
      },
    );
    expect({ reproduceWith: `FUZZ_SEED=${SEED}`, failures: [...failures.values()] }).toEqual({
      reproduceWith: `FUZZ_SEED=${SEED}`,
      failures: [],
    });
  });
});

/** A JSON text of arrays, or of objects, nested `depth` levels deep: 2 and 6 bytes a level. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Deep nesting, to every route that reads a JSON body, before authentication: at most the parser's
 * 100 KB limit (50,000 levels of arrays) a 400 saying so, past it a 413, never a 500 (4,000 levels
 * of arrays, 8 KB, were one).
 */
describe('deeply nested JSON bodies', () => {
  const NESTED_BODIES = [
    { kind: 'arrays', depth: MAX_REQUEST_BODY_DEPTH + 1, nested: nestedArrays, status: 400 },
    { kind: 'arrays', depth: 4_000, nested: nestedArrays, status: 400 },
    { kind: 'arrays', depth: 50_000, nested: nestedArrays, status: 400 },
    { kind: 'arrays', depth: 100_000, nested: nestedArrays, status: 413 },
    { kind: 'objects', depth: MAX_REQUEST_BODY_DEPTH + 1, nested: nestedObjects, status: 400 },
    { kind: 'objects', depth: 17_000, nested: nestedObjects, status: 400 },
    { kind: 'objects', depth: 100_000, nested: nestedObjects, status: 413 },
  ];
  /** The webhook reads its raw body and checks Stripe's signature before anything parses it. */
  const readsJson = (key: string) => !key.startsWith('GET ') && key !== 'POST /api/billing/webhook';

  it.each(NESTED_BODIES)(
    'of $kind, $depth levels: every JSON route answers $status with a message',
    async ({ depth, nested, status }) => {
      const text = nested(depth);
      const message = status === 400 ? generalTexts.bodyTooDeep : generalTexts.payloadTooLarge;
      const routes = table.filter(readsJson);
      const answers: Record<string, string[]> = {};
      for (const key of routes) {
        const { method, path } = parseRouteKey(key);
        const url = path.replace(/:([A-Za-z_$][\w$]*)/g, '1');
        const sender = (client as unknown as Record<string, (url: string) => supertest.Test>)[method.toLowerCase()]!;
        const reply = await sender
          .call(client, url)
          .set('Content-Type', 'application/json')
          .send(text)
          .ok(() => true);
        sent++;
        const answer = `${reply.status} ${JSON.stringify(reply.body)}`;
        (answers[answer] ??= []).push(key);
      }
      expect(answers).toEqual({ [`${status} ${JSON.stringify({ message })}`]: routes });
    },
  );
});

it(`sends at least ${MIN_REQUESTS} requests`, () => {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(`fuzzing: ${sent} requests in ${seconds} s (FUZZ_SEED=${SEED})\n`);
  expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
});
