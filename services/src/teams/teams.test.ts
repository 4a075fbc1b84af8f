import { addDays, format, nextMonday } from 'date-fns';
import { QueryTypes } from 'sequelize';
import { approversAwayText, AuditEntry, teamTexts } from '@teamfolk/shared';
import { startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type JoinedEmployee, type SignedInAdmin } from '../testing/signed-in';

let t: TestApp;
let companyA: SignedInAdmin;
let companyB: SignedInAdmin;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/** A Monday safely in the future, so tests never depend on today's weekday. */
const monday = nextMonday(addDays(new Date(), 21));
const day = (offset: number) => iso(addDays(monday, offset));
const unique = () => Math.random().toString(36).slice(2, 8);

const vacation = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  start_date: start,
  end_date: end,
  request_type: 'vacation',
  leave_type: 'full_day',
  reason: 'Private appointment',
  ...extra,
});

function member(company: SignedInAdmin, name = `Member ${unique()}`): Promise<JoinedEmployee> {
  return joinedEmployee(t, company.company, { name });
}

async function createTeam(
  company: SignedInAdmin,
  body: { approver_ids?: number[]; max_absent?: number | null; name?: string },
): Promise<{ id: number; name: string }> {
  const reply = await t
    .request()
    .post('/api/teams')
    .set('Authorization', company.auth)
    .send({ name: `Team ${unique()}`, ...body })
    .expect(201);
  return reply.body;
}

async function joinTeam(company: SignedInAdmin, person: JoinedEmployee, teamId: number | null): Promise<void> {
  await t
    .request()
    .put(`/api/employees/${person.employee.id}`)
    .set('Authorization', company.auth)
    .send({ team_id: teamId })
    .expect(200);
}

async function submit(auth: string, body: Record<string, unknown>): Promise<{ id: number; warnings: string[] }> {
  return (await t.request().post('/api/leaves').set('Authorization', auth).send(body).expect(201)).body;
}

async function approve(auth: string, id: number, body: Record<string, unknown> = { approved: true }, status = 200) {
  return t.request().put(`/api/leaves/${id}/approve`).set('Authorization', auth).send(body).expect(status);
}

/** The addresses a request's 'leave submitted' e-mails go to. */
async function toldOf(leaveId: number): Promise<string[]> {
  const rows = await t.db.sequelize.query<{ to: string }>(
    `SELECT payload->>'to' AS to FROM outbox WHERE payload->>'idempotencyKey' LIKE :key ORDER BY 1`,
    { type: QueryTypes.SELECT, replacements: { key: `leave-submitted-${leaveId}-%` } },
  );
  return rows.map((row) => row.to);
}

beforeAll(async () => {
  t = await startTestApp();
  companyA = await signedInAdmin(t, { subscribed: true });
  companyB = await signedInAdmin(t, { subscribed: true });
});
afterAll(async () => {
  await t.close();
});

describe('teams', () => {
  it('lets an admin create, read, change and delete a team, whose members then stay in no team', async () => {
    const approver = await member(companyA);
    const person = await member(companyA);
    const created = await t
      .request()
      .post('/api/teams')
      .set('Authorization', companyA.auth)
      .send({ name: 'Support', approver_ids: [approver.employee.id], max_absent: 2 })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'Support',
      approver_ids: [approver.employee.id],
      max_absent: 2,
      member_count: 0,
      message: teamTexts.created,
    });
    const { id } = created.body as { id: number };
    await joinTeam(companyA, person, id);

    const shown = await t.request().get(`/api/teams/${id}`).set('Authorization', companyA.auth).expect(200);
    expect(shown.body).toEqual({
      id,
      name: 'Support',
      approver_ids: [approver.employee.id],
      max_absent: 2,
      member_count: 1,
    });
    const list = await t.request().get('/api/teams').set('Authorization', companyA.auth).expect(200);
    expect(list.body).toContainEqual(shown.body);
    expect(list.headers['content-range']).toMatch(/^teams /);

    const changed = await t
      .request()
      .put(`/api/teams/${id}`)
      .set('Authorization', companyA.auth)
      .send({ max_absent: null, approver_ids: [person.employee.id, approver.employee.id] })
      .expect(200);
    expect(changed.body).toMatchObject({
      name: 'Support',
      max_absent: null,
      approver_ids: [person.employee.id, approver.employee.id],
    });

    await t.request().delete(`/api/teams/${id}`).set('Authorization', companyA.auth).expect(200);
    await t.request().get(`/api/teams/${id}`).set('Authorization', companyA.auth).expect(404);
    const record = await t.request().get(`/api/employees/${person.employee.id}`).set('Authorization', companyA.auth);
    expect(record.body.team_id).toBeNull();
    expect(await AuditEntry.count({ where: { entity: 'team', entityId: String(id) } })).toBe(3);
  });

  it("refuses approvers who are not the company's employees, naming the field", async () => {
    const outsider = await member(companyB);
    const reply = await t
      .request()
      .post('/api/teams')
      .set('Authorization', companyA.auth)
      .send({ name: 'Sales', approver_ids: [outsider.employee.id] })
      .expect(400);
    expect(reply.body).toMatchObject({ message: teamTexts.approverNotFound, field: 'approver_ids' });
    const invalid = await t.request().post('/api/teams').set('Authorization', companyA.auth).send({ max_absent: 0 });
    expect(invalid.status).toBe(400);
  });

  it("keeps teams to admins, and another company's teams out of sight", async () => {
    const employee = await member(companyA);
    const team = await createTeam(companyA, {});
    await t.request().get('/api/teams').set('Authorization', employee.auth).expect(403);
    await t.request().post('/api/teams').set('Authorization', employee.auth).send({ name: 'Mine' }).expect(403);
    await t.request().get(`/api/teams/${team.id}`).set('Authorization', employee.auth).expect(403);
    await t.request().get(`/api/teams/${team.id}`).set('Authorization', companyB.auth).expect(404);
    await t
      .request()
      .put(`/api/teams/${team.id}`)
      .set('Authorization', companyB.auth)
      .send({ name: 'Taken' })
      .expect(404);
    await t.request().delete(`/api/teams/${team.id}`).set('Authorization', companyB.auth).expect(404);
    const listB = await t.request().get('/api/teams').set('Authorization', companyB.auth).expect(200);
    expect(listB.body.map((each: { id: number }) => each.id)).not.toContain(team.id);
  });
});

describe('employees in teams', () => {
  it('puts a new employee in a team, filters the list by team and refuses another company’s team', async () => {
    const team = await createTeam(companyA, {});
    const created = await t
      .request()
      .post('/api/employees')
      .set('Authorization', companyA.auth)
      .send({ name: 'Tia Teamed', email: `tia-${unique()}@example.com`, team_id: team.id })
      .expect(201);
    expect(created.body.team_id).toBe(team.id);
    const outsiderTeam = await createTeam(companyB, {});
    const refused = await t
      .request()
      .put(`/api/employees/${created.body.id as number}`)
      .set('Authorization', companyA.auth)
      .send({ team_id: outsiderTeam.id })
      .expect(400);
    expect(refused.body).toMatchObject({ message: teamTexts.teamIdNotFound, field: 'team_id' });

    const filtered = await t
      .request()
      .get('/api/employees')
      .query({ team_id: String(team.id) })
      .set('Authorization', companyA.auth)
      .expect(200);
    expect(filtered.body.map((each: { id: number }) => each.id)).toEqual([created.body.id]);
    const all = await t.request().get('/api/employees').set('Authorization', companyA.auth).expect(200);
    expect(all.body.length).toBeGreaterThan(1);
    await t.request().get('/api/employees').query({ team_id: 'x' }).set('Authorization', companyA.auth).expect(400);
  });
});

describe('approvers', () => {
  let approver: JoinedEmployee;
  let teammate: JoinedEmployee;
  let otherApprover: JoinedEmployee;
  let outsider: JoinedEmployee;
  let team: { id: number; name: string };

  beforeAll(async () => {
    approver = await member(companyA, 'Alma Approver');
    teammate = await member(companyA, 'Tom Teammate');
    otherApprover = await member(companyA, 'Olga Other');
    outsider = await member(companyA, 'Oscar Outsider');
    team = await createTeam(companyA, { name: 'Warehouse', approver_ids: [approver.employee.id] });
    const otherTeam = await createTeam(companyA, { name: 'Office', approver_ids: [otherApprover.employee.id] });
    await joinTeam(companyA, approver, team.id);
    await joinTeam(companyA, teammate, team.id);
    await joinTeam(companyA, outsider, otherTeam.id);
  });

  it('says on /auth/me which teams the user approves for', async () => {
    const me = await t.request().get('/api/auth/me').set('Authorization', approver.auth).expect(200);
    expect(me.body.approvesTeams).toEqual([{ id: team.id, name: 'Warehouse' }]);
    const plain = await t.request().get('/api/auth/me').set('Authorization', teammate.auth).expect(200);
    expect(plain.body.approvesTeams).toEqual([]);
  });

  it("lists an approver's teams' requests besides their own, and to_decide only the pending ones they may decide", async () => {
    const mine = await submit(approver.auth, vacation(day(0), day(0)));
    const teammates = await submit(teammate.auth, vacation(day(1), day(1)));
    const outsiders = await submit(outsider.auth, vacation(day(2), day(2)));
    const ids = async (query: Record<string, string>, auth = approver.auth) =>
      (await t.request().get('/api/leaves').query(query).set('Authorization', auth).expect(200)).body.map(
        (leave: { id: number }) => leave.id,
      );

    const listed = await ids({});
    expect(listed).toEqual(expect.arrayContaining([mine.id, teammates.id]));
    expect(listed).not.toContain(outsiders.id);
    expect(await ids({ to_decide: 'true' })).toEqual([teammates.id]);
    expect(await ids({ filter: JSON.stringify({ to_decide: true }) })).toEqual([teammates.id]);
    expect(await ids({ to_decide: 'true' }, teammate.auth)).toEqual([]);
    expect(await ids({}, teammate.auth)).toEqual([teammates.id]);
    const forAdmin = await ids({ to_decide: 'true' }, companyA.auth);
    expect(forAdmin).toEqual(expect.arrayContaining([mine.id, teammates.id, outsiders.id]));
    await t.request().get('/api/leaves').query({ to_decide: 'maybe' }).set('Authorization', approver.auth).expect(400);
  });

  it("lets an approver decide their team's members' requests, never their own nor another team's", async () => {
    const teammates = await submit(teammate.auth, vacation(day(7), day(7)));
    const mine = await submit(approver.auth, vacation(day(8), day(8)));
    const outsiders = await submit(outsider.auth, vacation(day(9), day(9)));

    const refusedOwn = await approve(approver.auth, mine.id, { approved: true }, 403);
    expect(refusedOwn.body.message).toBe(teamTexts.cannotDecideOwn);
    await approve(approver.auth, outsiders.id, { approved: true }, 404);
    await approve(teammate.auth, teammates.id, { approved: true }, 403);
    await approve(companyB.auth, teammates.id, { approved: true }, 404);
    const decided = await approve(approver.auth, teammates.id);
    expect(decided.body).toMatchObject({ id: teammates.id, status: 'approved' });
    // The approver's own request goes to the admins (and the team's other approvers).
    await approve(companyA.auth, mine.id, { approved: false });
    await approve(otherApprover.auth, outsiders.id, { approved: false });
  });

  it("sends a member's request to the approvers, an approver's own to the admins, and a team-less one to the admins", async () => {
    const teammates = await submit(teammate.auth, vacation(day(14), day(14)));
    expect(await toldOf(teammates.id)).toEqual([approver.employee.email]);
    const mine = await submit(approver.auth, vacation(day(15), day(15)));
    expect(await toldOf(mine.id)).toEqual([companyA.admin.email]);
    const loner = await member(companyA);
    const lonerLeave = await submit(loner.auth, vacation(day(16), day(16)));
    expect(await toldOf(lonerLeave.id)).toEqual([companyA.admin.email]);
  });

  it('sends a request to the admins, saying why, while every approver is away', async () => {
    const away = await member(companyA, 'Wendy Away');
    const worker = await member(companyA, 'Will Worker');
    const awayTeam = await createTeam(companyA, { approver_ids: [away.employee.id] });
    await joinTeam(companyA, worker, awayTeam.id);
    const today = iso(new Date());
    const until = iso(addDays(new Date(), 10));
    const absence = await submit(
      companyA.auth,
      vacation(today, until, { request_type: 'other', employee_id: away.employee.id, reason: '' }),
    );
    await approve(companyA.auth, absence.id);

    const request = await submit(worker.auth, vacation(day(21), day(21)));
    expect(await toldOf(request.id)).toEqual([companyA.admin.email]);
    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(companyA.admin.email) && message.text.includes('Will Worker'),
    );
    expect(mail.text).toContain(`You are receiving it because ${approversAwayText(1, until, today)}.`);
  });
});

describe('coverage and who else is out', () => {
  let approver: JoinedEmployee;
  let first: JoinedEmployee;
  let second: JoinedEmployee;
  let team: { id: number };

  beforeAll(async () => {
    approver = await member(companyA, 'Cora Approver');
    first = await member(companyA, 'Fay First');
    second = await member(companyA, 'Sid Second');
    team = await createTeam(companyA, { approver_ids: [approver.employee.id], max_absent: 1 });
    for (const person of [first, second]) await joinTeam(companyA, person, team.id);
    const firstLeave = await submit(first.auth, vacation(day(28), day(30)));
    await approve(approver.auth, firstLeave.id);
  });

  it('previews the days, the balance after, the warnings and who else is out, writing nothing', async () => {
    const before = await t.db.sequelize.query<{ count: string }>('SELECT count(*) FROM leave_requests', {
      type: QueryTypes.SELECT,
    });
    const preview = await t
      .request()
      .post('/api/leaves/preview')
      .set('Authorization', second.auth)
      .send(vacation(day(29), day(31)))
      .expect(200);
    const balances = await t
      .request()
      .get(`/api/employees/${second.employee.id}/balances`)
      .query({ on: day(29) })
      .set('Authorization', second.auth)
      .expect(200);
    expect(preview.body).toEqual({
      days_count: 3,
      hours_count: 24,
      balance_after: balances.body.vacation.available - 3,
      warnings: [day(29), day(30)].map(() => expect.stringContaining('Fay First is already out; the team allows 1')),
      colleagues_out: [
        { employee_id: first.employee.id, name: 'Fay First', dates: [{ start: day(28), end: day(30) }] },
      ],
    });
    expect(JSON.stringify(preview.body)).not.toContain('Private appointment');
    const after = await t.db.sequelize.query<{ count: string }>('SELECT count(*) FROM leave_requests', {
      type: QueryTypes.SELECT,
    });
    expect(after).toEqual(before);
  });

  it('refuses in the preview what the submission refuses', async () => {
    const reply = await t
      .request()
      .post('/api/leaves/preview')
      .set('Authorization', second.auth)
      .send(vacation(day(40), day(39)))
      .expect(400);
    expect(reply.body.message).toEqual(expect.any(String));
    await t
      .request()
      .post('/api/leaves/preview')
      .set('Authorization', second.auth)
      .send(vacation(day(40), day(40), { employee_id: first.employee.id }))
      .expect(403);
  });

  it('answers the warnings on submission, and refuses an approval over the cap unless overridden, auditing the override', async () => {
    const request = await submit(second.auth, vacation(day(30), day(30)));
    expect(request.warnings).toEqual([expect.stringContaining('Fay First is already out')]);

    const refused = await approve(approver.auth, request.id, { approved: true }, 409);
    expect(refused.body.message).toContain('Fay First');
    expect(refused.body.message).toContain('the team allows 1');
    const overridden = await approve(approver.auth, request.id, { approved: true, override: true });
    expect(overridden.body.status).toBe('approved');
    const audit = await AuditEntry.findOne({ where: { action: 'leave.approved', entityId: String(request.id) } });
    expect((audit!.after as { coverage_override: string[] }).coverage_override).toEqual(request.warnings);
  });

  it('counts sick days toward the cap, yet never refuses one', async () => {
    const sick = await submit(second.auth, vacation(day(28), day(28), { request_type: 'sick_day', reason: '' }));
    expect(sick.warnings).toEqual([]);
    await approve(approver.auth, sick.id);
    const preview = await t
      .request()
      .post('/api/leaves/preview')
      .set('Authorization', approver.auth)
      .send(vacation(day(28), day(28)));
    expect(preview.status).toBe(200);
    // The approver is not in the team: no cap of theirs, but the company's colleagues show, dates only.
    expect(preview.body.warnings).toEqual([]);
    expect(preview.body.colleagues_out.map((out: { name: string }) => out.name)).toEqual(
      expect.arrayContaining(['Fay First', 'Sid Second']),
    );
  });

  it("keeps another company's people out of the preview", async () => {
    const stranger = await member(companyB);
    const preview = await t
      .request()
      .post('/api/leaves/preview')
      .set('Authorization', stranger.auth)
      .send(vacation(day(28), day(30)))
      .expect(200);
    expect(preview.body.colleagues_out).toEqual([]);
  });
});
