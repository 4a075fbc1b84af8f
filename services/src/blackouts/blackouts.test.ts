import { QueryTypes } from 'sequelize';
import { blackoutRefusalText, blackoutTexts, teamTexts, type BlackoutRecord } from '@teamfolk/shared';
import { startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type JoinedEmployee, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let companyA: SignedInAdmin;
let companyB: SignedInAdmin;
/** Two employees of A: Tess in the support team, Nico in no team; Bo of company B. */
let tess: JoinedEmployee;
let nico: JoinedEmployee;
let bo: JoinedEmployee;
let supportTeamId: number;
let teamOfB: number;

const createTeam = async (companyId: number, name: string): Promise<number> => {
  const [row] = await t.db.sequelize.query<{ id: number }>(
    'INSERT INTO teams (company_id, name) VALUES (:companyId, :name) RETURNING id',
    { replacements: { companyId, name }, type: QueryTypes.SELECT },
  );
  return row!.id;
};

const post = (auth: string, body: Record<string, unknown>) =>
  t.request().post('/api/blackouts').set('Authorization', auth).send(body);
const list = async (auth: string) =>
  (await t.request().get('/api/blackouts').set('Authorization', auth).expect(200)).body as BlackoutRecord[];
const submit = (auth: string, body: Record<string, unknown>) =>
  t
    .request()
    .post('/api/leaves')
    .set('Authorization', auth)
    .send({ leave_type: 'full_day', ...body });

/** Mon 5 – Fri 9 July 2032: far enough ahead for every balance's year. */
const stockTake = { start_date: '2032-07-05', end_date: '2032-07-09', reason: 'Stock-take' };

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  companyB = await signedInAdmin(t, { subscribed: true });
  tess = await joinedEmployee(t, companyA.company, { name: 'Tess Support' });
  nico = await joinedEmployee(t, companyA.company, { name: 'Nico Noteam' });
  bo = await joinedEmployee(t, companyB.company, { name: 'Bo Other' });
  supportTeamId = await createTeam(companyA.company.id, 'Support');
  teamOfB = await createTeam(companyB.company.id, 'Warehouse');
  await t.db.sequelize.query('UPDATE employees SET team_id = :team WHERE id = :id', {
    replacements: { team: supportTeamId, id: tess.employee.id },
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET/POST/DELETE /api/blackouts', () => {
  it('lets an admin set a company-wide period (vacation and hours bank by default) that everyone lists', async () => {
    const reply = await post(companyA.auth, stockTake).expect(201);
    expect(reply.body).toEqual({
      id: expect.any(Number),
      ...stockTake,
      team_id: null,
      request_types: ['vacation', 'hours_bank'],
      message: blackoutTexts.created,
    });
    const { message: _message, ...record } = reply.body as BlackoutRecord & { message: string };
    expect(await list(tess.auth)).toContainEqual(record);
    expect(await list(companyA.auth)).toContainEqual(record);
    expect(await list(companyB.auth)).toEqual([]);
    expect(await list(bo.auth)).toEqual([]);
    await t.request().delete(`/api/blackouts/${record.id}`).set('Authorization', companyA.auth).expect(200);
  });

  it('refuses employees setting or removing periods', async () => {
    const { body } = await post(companyA.auth, stockTake).expect(201);
    await post(tess.auth, stockTake).expect(403);
    await t.request().delete(`/api/blackouts/${body.id}`).set('Authorization', tess.auth).expect(403);
    await t.request().get('/api/blackouts').expect(401);
    await t.request().delete(`/api/blackouts/${body.id}`).set('Authorization', companyA.auth).expect(200);
  });

  it("refuses another company's team, sick days and a reversed period, naming the problem", async () => {
    const foreign = await post(companyA.auth, { ...stockTake, team_id: teamOfB }).expect(400);
    expect(foreign.body.message).toBe(teamTexts.teamIdNotFound);
    const sick = await post(companyA.auth, { ...stockTake, request_types: ['sick_day'] }).expect(400);
    expect(sick.body.message).toBe(blackoutTexts.sickNeverBlocked);
    const reversed = await post(companyA.auth, { ...stockTake, end_date: '2032-07-01' }).expect(400);
    expect(reversed.body.message).toBe(blackoutTexts.endBeforeStart);
  });

  it("does not let another company's admin remove a period (404) and audits the removal", async () => {
    const { body } = await post(companyA.auth, stockTake).expect(201);
    const other = await t.request().delete(`/api/blackouts/${body.id}`).set('Authorization', companyB.auth).expect(404);
    expect(other.body.message).toBe(blackoutTexts.notFound);
    await t.request().delete(`/api/blackouts/${body.id}`).set('Authorization', companyA.auth).expect(200);
    await t.request().delete(`/api/blackouts/${body.id}`).set('Authorization', companyA.auth).expect(404);
    const actions = await t.db.sequelize.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'blackout' AND entity_id = :id ORDER BY id`,
      { replacements: { id: String(body.id) }, type: QueryTypes.SELECT },
    );
    expect(actions.map((row) => row.action)).toEqual(['blackout.created', 'blackout.deleted']);
  });
});

describe('leave submission inside a blackout period', () => {
  let companyWide: number;
  let supportOnly: number;
  beforeAll(async () => {
    companyWide = (await post(companyA.auth, { ...stockTake, request_types: ['vacation', 'other'] }).expect(201)).body
      .id as number;
    supportOnly = (
      await post(companyA.auth, {
        start_date: '2032-08-02',
        end_date: '2032-08-06',
        team_id: supportTeamId,
        reason: 'Product launch',
        request_types: ['other'],
      }).expect(201)
    ).body.id as number;
  });
  afterAll(async () => {
    for (const id of [companyWide, supportOnly])
      await t.request().delete(`/api/blackouts/${id}`).set('Authorization', companyA.auth).expect(200);
  });

  it('refuses a blocked type touching a period with a 400 naming the period and its reason', async () => {
    const day = { start_date: '2032-07-08', end_date: '2032-07-12' };
    const reply = await submit(nico.auth, { ...day, request_type: 'other' }).expect(400);
    expect(reply.body.message).toBe(blackoutRefusalText('other', [stockTake]));
    expect(reply.body.message).toContain('Stock-take');
  });

  it('never blocks sick days, nor a type the period leaves out, nor days outside it', async () => {
    await submit(nico.auth, { start_date: '2032-07-06', end_date: '2032-07-06', request_type: 'sick_day' }).expect(201);
    await submit(nico.auth, { start_date: '2032-07-07', end_date: '2032-07-07', request_type: 'hours_bank' }).then(
      (reply) => expect(reply.status).not.toBe(400),
    );
    await submit(nico.auth, { start_date: '2032-07-12', end_date: '2032-07-12', request_type: 'other' }).expect(201);
  });

  it("applies a team's period to its members only", async () => {
    const launch = { start_date: '2032-08-03', end_date: '2032-08-03', request_type: 'other' };
    const refused = await submit(tess.auth, launch).expect(400);
    expect(refused.body.message).toContain('Product launch');
    await submit(nico.auth, launch).expect(201);
  });

  it('lets an admin recording leave for someone override it, audited; nobody else', async () => {
    const inside = { start_date: '2032-07-09', end_date: '2032-07-09', request_type: 'other', override_blackout: true };
    await submit(tess.auth, inside).expect(400);
    await submit(companyA.auth, { ...inside, override_blackout: false, employee_id: tess.employee.id }).expect(400);
    const recorded = await submit(companyA.auth, { ...inside, employee_id: tess.employee.id }).expect(201);
    const [entry] = await t.db.sequelize.query<{ after: { blackout_overridden?: string } }>(
      `SELECT after FROM audit_log WHERE action = 'leave.submitted' AND entity_id = :id`,
      { replacements: { id: String(recorded.body.id) }, type: QueryTypes.SELECT },
    );
    expect(entry!.after.blackout_overridden).toBe(blackoutRefusalText('other', [stockTake]));
  });
});
