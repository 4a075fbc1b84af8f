import { QueryTypes } from 'sequelize';
import { teamTexts, type CalendarEntry } from '@teamfolk/shared';
import { startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type JoinedEmployee, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let companyA: SignedInAdmin;
let companyB: SignedInAdmin;
/** Sam in the support team, Wes in the warehouse team, Nia in no team; all of company A. */
let sam: JoinedEmployee;
let wes: JoinedEmployee;
let nia: JoinedEmployee;
let support: number;
let warehouse: number;
let teamOfB: number;

const month = { start: '2027-03-01', end: '2027-03-31' };

const createTeam = async (companyId: number, name: string): Promise<number> => {
  const [row] = await t.db.sequelize.query<{ id: number }>(
    'INSERT INTO teams (company_id, name) VALUES (:companyId, :name) RETURNING id',
    { replacements: { companyId, name }, type: QueryTypes.SELECT },
  );
  return row!.id;
};
const joinTeam = (employeeId: number, teamId: number) =>
  t.db.sequelize.query('UPDATE employees SET team_id = :teamId WHERE id = :employeeId', {
    replacements: { teamId, employeeId },
  });

const calendar = async (auth: string, query: Record<string, string | number> = {}) =>
  (
    await t
      .request()
      .get('/api/calendar/events')
      .query({ ...month, ...query })
      .set('Authorization', auth)
      .expect(200)
  ).body as CalendarEntry[];
const names = (entries: CalendarEntry[]) =>
  entries.flatMap((entry) => ('kind' in entry ? [] : [entry.employeeName])).sort();
const blackoutReasons = (entries: CalendarEntry[]) =>
  entries.flatMap((entry) => ('kind' in entry && entry.kind === 'blackout' ? [entry.reason] : []));

async function approvedLeave(person: JoinedEmployee, day: string) {
  const leave = await t
    .request()
    .post('/api/leaves')
    .set('Authorization', person.auth)
    .send({ start_date: day, end_date: day, request_type: 'other', leave_type: 'full_day' })
    .expect(201);
  await t
    .request()
    .put(`/api/leaves/${leave.body.id}/approve`)
    .set('Authorization', companyA.auth)
    .send({ approved: true })
    .expect(200);
}

const blackout = (auth: string, body: Record<string, unknown>) =>
  t.request().post('/api/blackouts').set('Authorization', auth).send(body).expect(201);

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  companyB = await signedInAdmin(t, { subscribed: true });
  sam = await joinedEmployee(t, companyA.company, { name: 'Sam Support' });
  wes = await joinedEmployee(t, companyA.company, { name: 'Wes Warehouse' });
  nia = await joinedEmployee(t, companyA.company, { name: 'Nia Noteam' });
  support = await createTeam(companyA.company.id, 'Support');
  warehouse = await createTeam(companyA.company.id, 'Warehouse');
  teamOfB = await createTeam(companyB.company.id, 'Elsewhere');
  await joinTeam(sam.employee.id, support);
  await joinTeam(wes.employee.id, warehouse);
  await approvedLeave(sam, '2027-03-02');
  await approvedLeave(wes, '2027-03-03');
  await approvedLeave(nia, '2027-03-04');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/calendar/events?team_id=', () => {
  it("shows one team's leave to admins and employees alike", async () => {
    expect(names(await calendar(companyA.auth))).toEqual(['Nia Noteam', 'Sam Support', 'Wes Warehouse']);
    expect(names(await calendar(companyA.auth, { team_id: support }))).toEqual(['Sam Support']);
    expect(names(await calendar(nia.auth, { team_id: warehouse }))).toEqual(['Wes Warehouse']);
  });

  it("shows nothing of another company's team, and refuses a team_id that is no id", async () => {
    expect(await calendar(companyA.auth, { team_id: teamOfB })).toEqual([]);
    expect(await calendar(companyB.auth, { team_id: support })).toEqual([]);
    const bad = await t
      .request()
      .get('/api/calendar/events')
      .query({ ...month, team_id: 'support' })
      .set('Authorization', sam.auth)
      .expect(400);
    expect(bad.body.message).toBe('team_id must be an id');
  });
});

describe('blackout periods on the calendar', () => {
  it('appear as their own kind of entry, at once after they are set, and with a team filter only when they apply', async () => {
    expect(blackoutReasons(await calendar(sam.auth))).toEqual([]);
    const companyWide = await blackout(companyA.auth, {
      start_date: '2027-03-29',
      end_date: '2027-04-02',
      reason: 'Quarter close',
    });
    await blackout(companyA.auth, {
      start_date: '2027-03-15',
      end_date: '2027-03-19',
      reason: 'Launch week',
      team_id: support,
      request_types: ['vacation'],
    });
    await blackout(companyB.auth, { start_date: '2027-03-10', end_date: '2027-03-10', reason: 'Not yours' });

    const seen = await calendar(sam.auth);
    expect(seen.filter((entry) => 'kind' in entry)).toEqual([
      {
        kind: 'blackout',
        id: expect.any(Number),
        start: '2027-03-15',
        end: '2027-03-19',
        reason: 'Launch week',
        teamId: support,
        requestTypes: ['vacation'],
      },
      {
        kind: 'blackout',
        id: companyWide.body.id,
        start: '2027-03-29',
        end: '2027-04-02',
        reason: 'Quarter close',
        teamId: null,
        requestTypes: ['vacation', 'hours_bank'],
      },
    ]);
    expect(blackoutReasons(await calendar(companyA.auth, { team_id: warehouse }))).toEqual(['Quarter close']);
    expect(blackoutReasons(await calendar(companyA.auth, { team_id: support }))).toEqual([
      'Launch week',
      'Quarter close',
    ]);
    expect(blackoutReasons(await calendar(companyB.auth))).toEqual(['Not yours']);

    await t.request().delete(`/api/blackouts/${companyWide.body.id}`).set('Authorization', companyA.auth).expect(200);
    expect(blackoutReasons(await calendar(sam.auth))).toEqual(['Launch week']);
  });

  it("refuses a blackout for another company's team", async () => {
    const refused = await t
      .request()
      .post('/api/blackouts')
      .set('Authorization', companyA.auth)
      .send({ start_date: '2027-03-01', end_date: '2027-03-01', reason: 'x', team_id: teamOfB })
      .expect(400);
    expect(refused.body.message).toBe(teamTexts.teamIdNotFound);
  });
});
