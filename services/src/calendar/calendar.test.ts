import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { addDays, format, nextMonday } from 'date-fns';
import ICAL from 'ical.js';
import { billingTexts, calendarTexts, Subscription, type Employee, type CalendarEvent } from '@teamfolk/shared';
import { createInvitedEmployee, type CompanyWithAdmin } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type SignedInAdmin } from '../testing/signed-in';
import { CALENDAR_EVENTS_SQL, CalendarRepository } from './calendar.repository';
import { CALENDAR_BUILDS_AT_ONCE } from './calendar.service';
import { ICAL_PIECE_CHARACTERS } from './ical-file';

let t: TestApp;
let company: SignedInAdmin;
let admin: string;
let alice: { employee: Employee; auth: string };
let bob: { employee: Employee; auth: string };
let otherAdmin: string;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const monday = nextMonday(addDays(new Date(), 7));
const day = (offset: number) => iso(addDays(monday, offset));

async function hire(target: CompanyWithAdmin, name: string) {
  return joinedEmployee(t, target.company, { name });
}

async function approvedLeave(auth: string, body: Record<string, unknown>, approver = admin) {
  const leave = await t.request().post('/api/leaves').set('Authorization', auth).send(body).expect(201);
  await t
    .request()
    .put(`/api/leaves/${leave.body.id}/approve`)
    .set('Authorization', approver)
    .send({ approved: true })
    .expect(200);
  return leave.body as { id: number };
}

const events = async (auth: string, start: string, end: string) =>
  (await t.request().get('/api/calendar/events').query({ start, end }).set('Authorization', auth).expect(200))
    .body as CalendarEvent[];

function parseIcal(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      startZone: component.getFirstProperty('dtstart')?.getParameter('tzid'),
      description: event.description,
    };
  });
}

let vacation: { id: number };
let sick: { id: number };
let partial: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  company = await signedInAdmin(t);
  admin = company.auth;
  alice = await hire(company, 'Alice Archer');
  bob = await hire(company, 'Bob Baker');
  const other = await signedInAdmin(t);
  otherAdmin = other.auth;

  vacation = await approvedLeave(alice.auth, {
    start_date: day(4),
    end_date: day(7),
    request_type: 'vacation',
    leave_type: 'full_day',
    reason: 'Lisbon',
  });
  sick = await approvedLeave(bob.auth, {
    start_date: day(1),
    end_date: day(1),
    request_type: 'sick_day',
    leave_type: 'full_day',
    reason: 'Flu',
  });
  partial = await approvedLeave(alice.auth, {
    start_date: day(2),
    end_date: day(2),
    request_type: 'other',
    leave_type: 'partial_day',
    start_time: '09:00',
    end_time: '13:00',
    reason: 'Dentist',
  });
  await t
    .request()
    .post('/api/leaves')
    .set('Authorization', bob.auth)
    .send({ start_date: day(9), end_date: day(9), request_type: 'vacation', leave_type: 'full_day' })
    .expect(201);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/calendar/events', () => {
  it('returns leave overlapping the range, including leave crossing its edges, pending marked', async () => {
    const all = await events(admin, day(0), day(13));
    expect(all.map((event) => [event.employeeName, event.status])).toEqual([
      ['Bob Baker', 'approved'],
      ['Alice Archer', 'approved'],
      ['Alice Archer', 'approved'],
      ['Bob Baker', 'pending'],
    ]);
    const edge = await events(admin, day(7), day(7));
    expect(edge.map((event) => event.id)).toEqual([vacation.id]);
    expect(await events(admin, day(8), day(8))).toEqual([]);
  });

  it('shows a leave crossing a month boundary in both months, and a one-day leave on its day only', async () => {
    const ownCompany = await signedInAdmin(t);
    const ownAdmin = ownCompany.auth;
    const person = await hire(ownCompany, 'Mona Month');
    const crossing = await approvedLeave(
      person.auth,
      {
        start_date: '2027-04-29',
        end_date: '2027-05-04',
        request_type: 'vacation',
        leave_type: 'full_day',
      },
      ownAdmin,
    );
    const oneDay = await approvedLeave(
      person.auth,
      {
        start_date: '2027-05-12',
        end_date: '2027-05-12',
        request_type: 'other',
        leave_type: 'full_day',
      },
      ownAdmin,
    );
    const april = await events(ownAdmin, '2027-04-01', '2027-04-30');
    const may = await events(ownAdmin, '2027-05-01', '2027-05-31');
    expect(april.map((event) => event.id)).toEqual([crossing.id]);
    expect(may.map((event) => event.id)).toEqual([crossing.id, oneDay.id]);
    expect(may[0]).toMatchObject({ start: '2027-04-29', end: '2027-05-04', daysCount: 4 });
    expect((await events(ownAdmin, '2027-05-11', '2027-05-11')).map((event) => event.id)).toEqual([]);
    expect((await events(ownAdmin, '2027-05-12', '2027-05-12')).map((event) => event.id)).toEqual([oneDay.id]);
  });

  it('lists the people out on the same day by name as people read it, whatever the case or accents', async () => {
    const ownCompany = await signedInAdmin(t);
    const ownAdmin = ownCompany.auth;
    for (const name of ['Zoë Zimmer', 'Émile Faure', 'dirk Dekker', 'Anna Abel']) {
      const { employee } = await createInvitedEmployee(t.db.sequelize, ownCompany.company, { name });
      await t
        .request()
        .post('/api/leaves')
        .set('Authorization', ownAdmin)
        .send({
          start_date: day(14),
          end_date: day(14),
          request_type: 'vacation',
          leave_type: 'full_day',
          employee_id: employee.id,
        })
        .expect(201);
    }
    const names = (await events(ownAdmin, day(14), day(14))).map((event) => event.employeeName);
    expect(names).toEqual(['Anna Abel', 'dirk Dekker', 'Émile Faure', 'Zoë Zimmer']);
  });

  it('shows admins everything, with times for partial days', async () => {
    const [dentist] = await events(admin, day(2), day(2));
    expect(dentist).toEqual({
      id: partial.id,
      employeeName: 'Alice Archer',
      requestType: 'other',
      start: day(2),
      end: day(2),
      startTime: '09:00',
      endTime: '13:00',
      reason: 'Dentist',
      daysCount: 0.5,
      status: 'approved',
    });
  });

  it("hides colleagues' reasons and shows their sick days as 'out'", async () => {
    const seenByAlice = await events(alice.auth, day(0), day(13));
    const bobSick = seenByAlice.find((event) => event.id === sick.id);
    expect(bobSick).toMatchObject({ requestType: 'out', reason: null });
    const own = seenByAlice.find((event) => event.id === vacation.id);
    expect(own).toMatchObject({ requestType: 'vacation', reason: 'Lisbon' });
    const seenByBob = await events(bob.auth, day(0), day(13));
    expect(seenByBob.find((event) => event.id === sick.id)).toMatchObject({ requestType: 'sick_day', reason: 'Flu' });
  });

  it('shows another company nothing', async () => {
    expect(await events(otherAdmin, day(0), day(13))).toEqual([]);
  });

  it.each([
    [{ start: 'yesterday', end: '2026-12-01' }, 'start must be a date (YYYY-MM-DD)'],
    [{ start: '2026-02-30', end: '2026-03-01' }, 'start is not a real date'],
    [{ start: '2026-01-01' }, 'end is required (YYYY-MM-DD)'],
    [{ start: '2026-12-01', end: '2026-11-01' }, 'end must not be before start'],
    [{ start: '2026-01-01', end: '2027-01-02' }, 'The range may span at most 366 days'],
  ])('answers %j with 400', async (query, message) => {
    const reply = await t.request().get('/api/calendar/events').query(query).set('Authorization', admin).expect(400);
    expect(reply.body.message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    await t
      .request()
      .get('/api/calendar/events')
      .query({ start: day(0), end: day(1) })
      .expect(401);
  });
});

describe('calendar replies kept between requests', () => {
  // Ranges no other test asks for. Each view of a range is its own reply: the tests above ask for
  // the same range as an admin, as each employee and as another company, in that order.
  const rowsRead = () => jest.spyOn(CalendarRepository.prototype as unknown as { rows(): Promise<unknown> }, 'rows');

  it("are read from the database once while nothing changes, and again after any change to the company's leave, made through the API or not", async () => {
    const [start, end] = [day(-3), day(20)];
    const spy = rowsRead();
    try {
      const first = await events(admin, start, end);
      expect(await events(admin, start, end)).toEqual(first);
      expect(spy).toHaveBeenCalledTimes(1);

      const added = await t
        .request()
        .post('/api/leaves')
        .set('Authorization', bob.auth)
        .send({ start_date: day(15), end_date: day(15), request_type: 'vacation', leave_type: 'full_day' })
        .expect(201);
      expect((await events(admin, start, end)).map((event) => event.id)).toEqual([
        ...first.map((event) => event.id),
        added.body.id,
      ]);
      await t
        .request()
        .put(`/api/leaves/${added.body.id}/approve`)
        .set('Authorization', admin)
        .send({ approved: true })
        .expect(200);
      expect((await events(admin, start, end)).at(-1)).toMatchObject({ id: added.body.id, status: 'approved' });

      // Straight in the database, as an operator or another version of the API would.
      await t.db.sequelize.query("UPDATE leave_requests SET employee_name = 'Robert Baker' WHERE id = :id", {
        replacements: { id: added.body.id },
      });
      expect((await events(admin, start, end)).at(-1)).toMatchObject({
        id: added.body.id,
        employeeName: 'Robert Baker',
      });
      await t.db.sequelize.query('DELETE FROM leave_requests WHERE id = :id', { replacements: { id: added.body.id } });
      expect(await events(admin, start, end)).toEqual(first);
      expect(spy).toHaveBeenCalledTimes(5);
    } finally {
      spy.mockRestore();
    }
  });

  it('go to clients that take gzip compressed once past a kilobyte, the same events, and to others as they are', async () => {
    const team = await signedInAdmin(t);
    const teamAdmin = team.auth;
    const [start, end] = [iso(new Date()), iso(addDays(new Date(), 300))];
    const asked = (encoding: string) =>
      t
        .request()
        .get('/api/calendar/events')
        .query({ start, end })
        .set('Authorization', teamAdmin)
        .set('Accept-Encoding', encoding)
        .expect(200);
    const small = await asked('gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toEqual([]);

    // A reply of several kilobytes.
    await approvedDaysOff(team.company.id, 21, 'Long weekend');
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toHaveLength(21);
    for (const encoding of ['gzip', 'br;q=0.5, gzip']) {
      const compressed = await asked(encoding);
      expect(compressed.headers).toMatchObject({
        'content-encoding': 'gzip',
        'content-type': 'application/json; charset=utf-8',
        vary: expect.stringContaining('Accept-Encoding'),
      });
      expect(compressed.body).toEqual(plain.body);
    }
  });

  it('are made once for callers asking for the same one at the same time', async () => {
    const spy = rowsRead();
    try {
      const replies = await Promise.all(Array.from({ length: 5 }, () => events(admin, day(-5), day(22))));
      expect(replies[0]).toHaveLength(4);
      for (const reply of replies) expect(reply).toEqual(replies[0]);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/calendar/export/ical', () => {
  it('exports approved leave as a valid calendar that round-trips every date', async () => {
    const reply = await t.request().get('/api/calendar/export/ical').set('Authorization', admin).expect(200);
    expect(reply.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="teamfolk-leave-calendar.ics"');
    const parsed = parseIcal(reply.text);
    expect(parsed.map((event) => event.uid).sort()).toEqual(
      [`leave-${vacation.id}@teamfolk`, `leave-${sick.id}@teamfolk`, `leave-${partial.id}@teamfolk`].sort(),
    );
    const trip = parsed.find((event) => event.uid === `leave-${vacation.id}@teamfolk`)!;
    expect(trip.start.isDate).toBe(true);
    expect(trip.start.toString()).toBe(day(4));
    expect(trip.end.toString()).toBe(day(8));
    expect(trip.summary).toBe('Alice Archer: Vacation');
    expect(trip.description).toBe('Lisbon');
    const dentist = parsed.find((event) => event.uid === `leave-${partial.id}@teamfolk`)!;
    expect(dentist.start.isDate).toBe(false);
    expect(dentist.start.toJSDate().toISOString()).toBe(`${day(2)}T09:00:00.000Z`);
    expect(dentist.end.toJSDate().toISOString()).toBe(`${day(2)}T13:00:00.000Z`);
  });

  it('keeps names and long reasons outside Latin-1 intact', async () => {
    const ownCompany = await signedInAdmin(t);
    const ownAdmin = ownCompany.auth;
    const person = await hire(ownCompany, 'Łucja Wiśniewska');
    const reason = Array.from({ length: 35 }, () => 'Øresund ☀ 海辺').join('; ');
    const leave = await approvedLeave(
      person.auth,
      { start_date: day(14), end_date: day(18), request_type: 'vacation', leave_type: 'full_day', reason },
      ownAdmin,
    );
    const reply = await t.request().get('/api/calendar/export/ical').set('Authorization', ownAdmin).expect(200);
    const [exported] = parseIcal(reply.text);
    expect(exported).toMatchObject({
      uid: `leave-${leave.id}@teamfolk`,
      summary: 'Łucja Wiśniewska: Vacation',
      description: reason,
    });
  });

  it("keeps partial days at the company's wall-clock time in its zone", async () => {
    await t
      .request()
      .put('/api/calendar/settings')
      .set('Authorization', admin)
      .send({ country: null, timeZone: 'Europe/Berlin' })
      .expect(200);
    try {
      const reply = await t.request().get('/api/calendar/export/ical').set('Authorization', admin).expect(200);
      expect(reply.text).toContain('BEGIN:VTIMEZONE');
      expect(reply.text).toContain(`DTSTART;TZID=Europe/Berlin:${day(2).replaceAll('-', '')}T090000`);
      const dentist = parseIcal(reply.text).find((event) => event.uid === `leave-${partial.id}@teamfolk`)!;
      expect(dentist.startZone).toBe('Europe/Berlin');
      expect(dentist.start.hour).toBe(9);
    } finally {
      await t
        .request()
        .put('/api/calendar/settings')
        .set('Authorization', admin)
        .send({ country: null, timeZone: 'UTC' })
        .expect(200);
    }
  });

  it("hides a colleague's sick day reason in the employee's export", async () => {
    const reply = await t.request().get('/api/calendar/export/ical').set('Authorization', alice.auth).expect(200);
    const bobSick = parseIcal(reply.text).find((event) => event.uid === `leave-${sick.id}@teamfolk`)!;
    expect(bobSick.summary).toBe('Bob Baker: Out');
    expect(reply.text).not.toContain('Flu');
  });
});

/** `count` approved days off in the next 300 days, written straight to the table: a large calendar file. */
async function approvedDaysOff(companyId: number, count: number, reason: string) {
  await t.db.sequelize.query(
    `INSERT INTO leave_requests (company_id, employee_name, request_type, leave_type, start_date, end_date,
                                 reason, days_count, hours_count, status)
     SELECT :companyId, 'Grace Hopper ' || n, 'vacation', 'full_day', current_date + (n % 300), current_date + (n % 300),
            :reason, 1, 8, 'approved'
       FROM generate_series(1, :count) AS n`,
    { replacements: { companyId, count, reason } },
  );
}

describe('a calendar file larger than the compression stream holds', () => {
  it('goes out whole, each piece waiting for the stream to drain, without piling up listeners', async () => {
    const large = await signedInAdmin(t);
    const largeAdmin = large.auth;
    const count = 800;
    await approvedDaysOff(large.company.id, count, 'Sailing around the islands. '.repeat(12));
    // The compression middleware's stream, on which the response's 'drain' listeners end up.
    const streams = new Set<zlib.Gzip>();
    const on = zlib.Gzip.prototype.on;
    const spy = jest.spyOn(zlib.Gzip.prototype, 'on').mockImplementation(function (this: zlib.Gzip, ...args) {
      streams.add(this);
      return on.apply(this, args);
    });
    try {
      const reply = await t
        .request()
        .get('/api/calendar/export/ical')
        .set('Authorization', largeAdmin)
        .set('Accept-Encoding', 'gzip')
        .expect(200);
      expect(reply.headers['content-encoding']).toBe('gzip');
      expect(reply.text.length).toBeGreaterThan(12 * ICAL_PIECE_CHARACTERS);
      expect(parseIcal(reply.text)).toHaveLength(count);
      expect(streams.size).toBe(1);
      for (const stream of streams) expect(stream.listenerCount('drain')).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('calendar files going to clients that stop reading', () => {
  it("hold up no one else's export while they wait", async () => {
    const large = await signedInAdmin(t);
    const largeAdmin = large.auth;
    // About 15 MB: more than the socket buffers between a server and a client that reads nothing.
    await approvedDaysOff(large.company.id, 12_000, 'Walking the length of the coast. '.repeat(40));
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const stalled = await Promise.all(
      Array.from(
        { length: CALENDAR_BUILDS_AT_ONCE },
        () =>
          new Promise<http.ClientRequest>((resolve, reject) => {
            const request = http.get(
              { host: '127.0.0.1', port, path: '/api/calendar/export/ical', headers: { Authorization: largeAdmin } },
              (response) => {
                expect(response.statusCode).toBe(200);
                response.pause();
                resolve(request);
              },
            );
            request.on('error', reject);
          }),
      ),
    );
    // Cleared once the export is answered: left pending, it kept jest's worker alive after the run.
    let deadline: NodeJS.Timeout | undefined;
    try {
      // Long enough for both files to fill the buffers and wait on their clients.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const reply = await Promise.race([
        t.request().get('/api/calendar/export/ical').set('Authorization', admin),
        new Promise<never>((_resolve, reject) => {
          deadline = setTimeout(() => reject(new Error('the export waited behind the stalled ones')), 5_000);
        }),
      ]);
      expect(reply.status).toBe(200);
      expect(parseIcal(reply.text)).toHaveLength(3);
    } finally {
      clearTimeout(deadline);
      for (const request of stalled) request.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 20_000);
});

describe('calendars asked for at once', () => {
  it('reads the rows of at most two of each kind at a time; the other requests wait their turn and all get the whole answer', async () => {
    const service = CalendarRepository.prototype as unknown as {
      rows(sql: string, ...rest: unknown[]): Promise<unknown>;
    };
    const readRows = service.rows;
    const reading = { range: 0, file: 0 };
    const mostAtOnce = { range: 0, file: 0 };
    const spy = jest.spyOn(service, 'rows').mockImplementation(async function (this: unknown, sql, ...rest) {
      const kind = sql === CALENDAR_EVENTS_SQL ? 'range' : 'file';
      reading[kind] += 1;
      mostAtOnce[kind] = Math.max(mostAtOnce[kind], reading[kind]);
      try {
        // Long enough that, unlimited, every request would be reading at the same moment.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return await readRows.call(this, sql, ...rest);
      } finally {
        reading[kind] -= 1;
      }
    });
    try {
      const askedFor = Array.from({ length: 3 * CALENDAR_BUILDS_AT_ONCE });
      const [files, ranges] = await Promise.all([
        Promise.all(askedFor.map(() => t.request().get('/api/calendar/export/ical').set('Authorization', admin))),
        // Ranges no other test asks for, each its own: replies already kept, or shared by callers
        // asking for the same one at once, would read no rows.
        Promise.all(
          askedFor.map((_, index) =>
            t
              .request()
              .get('/api/calendar/events')
              .query({ start: day(-1), end: day(13 + index) })
              .set('Authorization', admin),
          ),
        ),
      ]);
      const everyApproved = [vacation, sick, partial].map((leave) => `leave-${leave.id}@teamfolk`).sort();
      for (const reply of files) {
        expect(reply.status).toBe(200);
        const uids = parseIcal(reply.text).map((event) => event.uid);
        expect(uids.sort()).toEqual(everyApproved);
      }
      expect(ranges[0]!.body).toHaveLength(4);
      for (const reply of ranges) {
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual(ranges[0]!.body);
      }
      expect(mostAtOnce).toEqual({ range: CALENDAR_BUILDS_AT_ONCE, file: CALENDAR_BUILDS_AT_ONCE });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/calendar/export/google', () => {
  it('links each approved event to the right dates', async () => {
    const reply = await t.request().get('/api/calendar/export/google').set('Authorization', admin).expect(200);
    const urls = (reply.body.urls as string[]).map((url) => new URL(url));
    expect(urls).toHaveLength(3);
    const compact = (value: string) => value.replaceAll('-', '');
    const trip = urls.find((url) => url.searchParams.get('text') === 'Alice Archer: Vacation')!;
    expect(trip.origin + trip.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(trip.searchParams.get('dates')).toBe(`${compact(day(4))}/${compact(day(8))}`);
    const dentist = urls.find((url) => url.searchParams.get('text') === 'Alice Archer: Other leave')!;
    expect(dentist.searchParams.get('dates')).toBe(`${compact(day(2))}T090000/${compact(day(2))}T130000`);
    expect(dentist.searchParams.get('ctz')).toBe('UTC');
  });

  it('answers an empty list when there is nothing to export', async () => {
    const reply = await t.request().get('/api/calendar/export/google').set('Authorization', otherAdmin).expect(200);
    expect(reply.body).toEqual({ urls: [] });
  });
});

describe('the secret calendar feed', () => {
  it('serves the user’s calendar without a bearer token until the link is regenerated', async () => {
    const { body } = await t.request().get('/api/calendar/feed-url').set('Authorization', alice.auth).expect(200);
    const path = new URL(body.url).pathname;
    const feed = await t.request().get(path).expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(parseIcal(feed.text).map((event) => event.uid)).toContain(`leave-${vacation.id}@teamfolk`);
    expect(feed.text).not.toContain('Flu');

    const regenerated = await t
      .request()
      .post('/api/calendar/feed-url/regenerate')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(regenerated.body.url).not.toBe(body.url);
    const old = await t.request().get(path).expect(404);
    expect(old.body).toEqual({ message: calendarTexts.feedNotFound });
    await t.request().get(new URL(regenerated.body.url).pathname).expect(200);
  });

  it.each(['garbage', '1.short', `${'9'.repeat(9)}.${'A'.repeat(43)}`])(
    'refuses the forged token %s',
    async (token) => {
      await t.request().get(`/api/calendar/feed/${token}.ics`).expect(404);
    },
  );

  it("never shows another company's events", async () => {
    const { body } = await t.request().get('/api/calendar/feed-url').set('Authorization', otherAdmin).expect(200);
    const feed = await t.request().get(new URL(body.url).pathname).expect(200);
    expect(parseIcal(feed.text)).toEqual([]);
  });

  it('closes with the rest of the product once the subscription has ended, and opens again with it', async () => {
    const lapsed = await signedInAdmin(t, { subscribed: true });
    const admin = lapsed.auth;
    const { body } = await t.request().get('/api/calendar/feed-url').set('Authorization', admin).expect(200);
    const path = new URL(body.url).pathname;
    await t.request().get(path).expect(200);

    const periodEnd = { status: 'cancel_at_period_end' as const, currentPeriodEnd: new Date(Date.now() - 1000) };
    await Subscription.update(periodEnd, { where: { companyId: lapsed.company.id } });
    const closed = await t.request().get(path).expect(402);
    expect(closed.body).toEqual({ message: billingTexts.subscriptionExpired, subscriptionExpired: true });

    await Subscription.update({ status: 'active' }, { where: { companyId: lapsed.company.id } });
    await t.request().get(path).expect(200);
  });
});

describe('company calendar settings and public holidays', () => {
  it('lets the admin choose a country, shows its holidays and leaves them out of leave days', async () => {
    const fresh = await signedInAdmin(t);
    const freshAdmin = fresh.auth;
    const saved = await t
      .request()
      .put('/api/calendar/settings')
      .set('Authorization', freshAdmin)
      .send({ country: 'DE', region: 'BY', timeZone: 'Europe/Berlin' })
      .expect(200);
    expect(saved.body).toEqual({
      country: 'DE',
      region: 'BY',
      timeZone: 'Europe/Berlin',
      message: calendarTexts.settingsSaved,
    });

    const holidays = await t
      .request()
      .get('/api/calendar/holidays')
      .query({ start: '2027-12-20', end: '2027-12-31' })
      .set('Authorization', freshAdmin)
      .expect(200);
    expect(holidays.body).toEqual([
      { date: '2027-12-25', name: 'Christmas Day' },
      { date: '2027-12-26', name: 'Boxing Day' },
    ]);
    const person = await hire(fresh, 'Hans Holiday');
    const leave = await t
      .request()
      .post('/api/leaves')
      .set('Authorization', person.auth)
      .send({ start_date: '2027-12-27', end_date: '2028-01-07', request_type: 'vacation', leave_type: 'full_day' })
      .expect(201);
    // Mon 27 Dec 2027 – Fri 7 Jan 2028: 10 weekdays, less New Year's Eve? (not public) and 1 and 6 January.
    expect(leave.body.days_count).toBe(9);
  });

  it('refuses unknown countries, bad zones, and non-admins', async () => {
    await t
      .request()
      .put('/api/calendar/settings')
      .set('Authorization', admin)
      .send({ country: 'XX', timeZone: 'UTC' })
      .expect(400);
    const zone = await t
      .request()
      .put('/api/calendar/settings')
      .set('Authorization', admin)
      .send({ country: null, timeZone: 'Mars/Base' })
      .expect(400);
    expect(zone.body).toEqual({ message: 'timeZone must be an IANA time zone, e.g. Europe/Berlin', field: 'timeZone' });
    await t
      .request()
      .put('/api/calendar/settings')
      .set('Authorization', alice.auth)
      .send({ country: null, timeZone: 'UTC' })
      .expect(403);
  });
});
