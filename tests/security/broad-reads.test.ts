import { addDays, format, nextMonday } from 'date-fns';
import { Employee } from '@teamfolk/shared';
import { routeKey, routeTable, startTestApp, type TestApp } from '@teamfolk/services/testing';
import { isPublicRoute } from './authorization-matrix';
import { parseRouteKey } from './route-requests';
import { World, type SeededCompany, type SignedInCaller } from './world';

// Each test calls the API hundreds of times; the integration project leaves jest's 5 s default.
jest.setTimeout(120_000);

/**
 * Company A is seeded with recognisable ids (every one above ID_BASE_OF_A) and names and addresses
 * carrying its tag; then the admin and an employee of company B call every broad read of the API
 * (every GET of the router's table without a path parameter, with searches and filters aimed at
 * A's records) and B's own calendar feed. No reply may carry anything of A's.
 */

const ID_BASE_OF_A = 7_300_000;
/** Any number in A's id range standing alone (not part of a longer number, a date or a time). */
const ID_OF_A = /(?<![\d.])73\d{5}(?![\d.])/;

let t: TestApp;
let world: World;
let tagOf: Record<'A' | 'B', string>;
let broadReads: string[];

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const soon = nextMonday(addDays(new Date(), 3));
const monthDay = (date: Date) => format(date, 'MM-dd');

/** Leave and birthdays in the windows the calendar exports and the upcoming events look at. */
async function addCurrentEvents(world: World, company: SeededCompany) {
  await world.freshLeave(company, company.employee, 'approved', iso(soon));
  await world.freshLeave(company, company.colleague, 'pending', iso(addDays(soon, 1)));
  await world.freshLeave(company, company.admin, 'approved', iso(addDays(soon, 2)));
  const birthday = `1990-${monthDay(addDays(new Date(), 5))}`;
  const hired = `2020-${monthDay(addDays(new Date(), 6))}`;
  await Employee.update(
    { birthday, hireDate: hired },
    { where: { id: [company.employee.employeeId!, company.colleague.employeeId!, company.invited.employeeId] } },
  );
}

beforeAll(async () => {
  t = await startTestApp();
  const suffix = Date.now().toString(36);
  tagOf = { A: `acanary${suffix}`, B: `bcontrol${suffix}` };
  world = await World.create(t, {
    idBaseForA: ID_BASE_OF_A,
    nameTag: (key) => tagOf[key],
    seedMore: addCurrentEvents,
  });
  broadReads = routeTable(t.app)
    .map(routeKey)
    .filter((key) => key.startsWith('GET ') && !key.includes(':') && !isPublicRoute(key));
});
afterAll(async () => {
  await t?.close();
});

/** The queries each broad read is called with: plain, and searches and filters aimed at A's records. */
function queriesFor(key: string): Record<string, string>[] {
  const { A } = world.companies;
  const idsOfA = [A.employee.employeeId!, A.colleague.employeeId!, A.invited.employeeId];
  const everything = { start: iso(addDays(new Date(), -180)), end: iso(addDays(new Date(), 180)) };
  switch (key) {
    case 'GET /api/employees':
      return [
        {},
        { filter: JSON.stringify({ q: tagOf.A }) },
        { filter: JSON.stringify({ q: A.employee.email }) },
        { filter: JSON.stringify({ q: '%' }) },
        { filter: JSON.stringify({ id: idsOfA }) },
        { filter: JSON.stringify({ id: idsOfA[0] }) },
        { sort: JSON.stringify(['email', 'DESC']), range: JSON.stringify([0, 999]) },
      ];
    case 'GET /api/leaves':
      return [
        {},
        { filter: JSON.stringify({ employee_id: idsOfA[0] }) },
        { filter: JSON.stringify({ status: 'approved' }) },
        { filter: JSON.stringify({ status: 'pending', request_type: 'other' }) },
        { filter: JSON.stringify({ from: '2000-01-01', to: '2040-12-31' }) },
        { sort: JSON.stringify(['employee_name', 'ASC']), range: JSON.stringify([0, 999]) },
      ];
    case 'GET /api/calendar/events':
    case 'GET /api/calendar/holidays':
      return [everything, { start: '2031-01-01', end: '2031-12-31' }];
    default:
      return [{}];
  }
}

interface Reply {
  read: string;
  status: number;
  text: string;
}

async function readEverything(caller: SignedInCaller): Promise<Reply[]> {
  const bearer = world.personOf(caller).bearer;
  const replies: Reply[] = [];
  for (const key of broadReads) {
    for (const query of queriesFor(key)) {
      const reply = await world.request().get(parseRouteKey(key).path).query(query).set('Authorization', bearer);
      replies.push({
        read: `${key} ${new URLSearchParams(query).toString()}`.trim(),
        status: reply.status,
        text: reply.text,
      });
    }
  }
  const feedUrl = await world.request().get('/api/calendar/feed-url').set('Authorization', bearer).expect(200);
  const feed = await world.request().get(new URL(feedUrl.body.url as string).pathname);
  replies.push({ read: 'GET /api/calendar/feed/:token.ics (own feed)', status: feed.status, text: feed.text });
  return replies;
}

/** What of A's a reply shows: its tag (names, addresses, company, reasons), an id of A's, a card of A's. */
function tracesOfA(text: string): string[] {
  const found: string[] = [];
  if (text.includes(tagOf.A)) found.push(`tag ${tagOf.A}`);
  const id = ID_OF_A.exec(text);
  if (id) found.push(`id ${id[0]}`);
  for (const card of world.companies.A.cardIds) if (text.includes(card)) found.push(`card ${card}`);
  return found;
}

it('reads every GET route without a path parameter that needs a session', () => {
  expect(broadReads).toEqual(
    expect.arrayContaining([
      'GET /api/employees',
      'GET /api/leaves',
      'GET /api/calendar/events',
      'GET /api/calendar/export/ical',
      'GET /api/dashboard/summary',
      'GET /api/dashboard/upcoming-events',
      'GET /api/billing/history',
    ]),
  );
});

it("gives company A's records ids no record of B has", () => {
  const { A, B } = world.companies;
  expect([A.admin.userId, A.employee.employeeId, ...A.leaveIds].every((id) => id! > ID_BASE_OF_A)).toBe(true);
  expect([B.admin.userId, B.employee.employeeId, ...B.leaveIds].every((id) => id! < ID_BASE_OF_A)).toBe(true);
});

it.each(['adminOfB', 'employeeOfB'] as const)("shows the %s nothing of company A's", async (caller) => {
  const replies = await readEverything(caller);
  const refused = caller === 'employeeOfB' ? [403] : [];
  expect(replies.filter((reply) => reply.status >= 300 && !refused.includes(reply.status))).toEqual([]);
  const leaks = replies
    .map((reply) => ({ read: reply.read, traces: tracesOfA(reply.text) }))
    .filter((reply) => reply.traces.length > 0);
  expect(leaks).toEqual([]);
  // The control: the same reads do show B's own records, so an empty reply proves nothing here.
  const showingB = replies.filter((reply) => reply.text.includes(tagOf.B)).map((reply) => reply.read.split(' ')[1]);
  expect(showingB).toEqual(
    expect.arrayContaining([
      '/api/auth/me',
      '/api/leaves',
      '/api/calendar/events',
      '/api/calendar/export/ical',
      '/api/calendar/export/google',
      '/api/dashboard/upcoming-events',
      '/api/calendar/feed/:token.ics',
      ...(caller === 'adminOfB' ? ['/api/employees'] : []),
    ]),
  );
});

it("finds A's traces in the same reads made by company A (the scan can fail)", async () => {
  const replies = await readEverything('adminOfA');
  const traced = replies.filter((reply) => tracesOfA(reply.text).length > 0).map((reply) => reply.read.split(' ')[1]);
  expect(traced).toEqual(
    expect.arrayContaining([
      '/api/auth/me',
      '/api/employees',
      '/api/leaves',
      '/api/calendar/events',
      '/api/calendar/export/ical',
      '/api/calendar/export/google',
      '/api/dashboard/upcoming-events',
      '/api/billing/payment-methods',
      '/api/billing/history',
    ]),
  );
  const ids = replies.filter((reply) => ID_OF_A.test(reply.text)).map((reply) => reply.read.split(' ')[1]);
  expect(ids).toEqual(expect.arrayContaining(['/api/employees', '/api/leaves', '/api/calendar/events']));
});
