import { randomBytes } from 'node:crypto';
import { SecurityEvent, User, employeeTexts, tooManyTakenAddressesText } from '@teamfolk/shared';
import { activateSubscription, createCompanyWithAdmin, type CompanyWithAdmin } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';

/**
 * Whether an address has a Teamfolk account with another company shows in the reply to naming it as
 * a new employee (409, before any payment). An admin may learn that of a few addresses, not probe
 * for them: with the real defaults, 5 such refusals per admin (10 per company) in 24 hours.
 */

let t: TestApp;
/** Addresses that sign in at a company of their own. */
let taken: string[];

beforeAll(async () => {
  t = await startTestApp();
  const elsewhere = await createCompanyWithAdmin();
  const people = await User.bulkCreate(
    Array.from({ length: 100 }, (_, index) => ({
      companyId: elsewhere.company.id,
      email: `taken-${index}-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: 'not used here',
      role: 'employee' as const,
      name: `Taken ${index}`,
    })),
  );
  taken = people.map((person) => person.email);
});
afterAll(async () => {
  await t.close();
});

const DAY_SECONDS = 24 * 3600;
let nextTaken = 0;
const takenAddress = () => taken[nextTaken++]!;
const freeAddress = () => `free-${randomBytes(6).toString('hex')}@example.com`;
const person = (email: string) => ({ name: 'Probe Person', email, role: 'Tester' });

async function freshAdmin(): Promise<CompanyWithAdmin & { bearer: string }> {
  const company = await createCompanyWithAdmin();
  return { ...company, bearer: await bearerFor(t, company.admin.email, company.password) };
}

function addEmployee(bearer: string, email: string, agent = t.request()) {
  return agent.post('/api/employees').set('Authorization', bearer).send(person(email));
}

describe('naming addresses of accounts at other companies as new employees', () => {
  it('refuses 5 per admin with 409, then answers 429 to any new address, and logs each', async () => {
    const { admin, bearer } = await freshAdmin();
    const probes = Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? takenAddress() : freeAddress()));
    const started = Date.now();
    const replies = [];
    for (const email of probes) replies.push(await addEmployee(bearer, email));
    const elapsed = Date.now() - started;
    const statuses = replies.map((reply) => reply.status);
    const firstThrottled = statuses.indexOf(429);
    const before = statuses.slice(0, firstThrottled);
    process.stdout.write(
      `60 probes in ${elapsed} ms: ${before.filter((s) => s === 409).length} x 409 and ` +
        `${before.filter((s) => s === 402).length} x 402 before the first 429 (probe ${firstThrottled + 1}), ` +
        `${statuses.filter((s) => s === 429).length} x 429\n`,
    );
    // Taken, free, taken, …: five refusals (the free addresses in between count for nothing), then
    // every new address waits, taken or free, so the wait itself tells nothing.
    expect(before).toEqual([409, 402, 409, 402, 409, 402, 409, 402, 409]);
    expect(statuses.slice(firstThrottled)).toEqual(Array(60 - firstThrottled).fill(429));
    expect(replies[0]!.body).toEqual({ message: employeeTexts.emailTakenElsewhere, field: 'email' });
    const throttled = replies[firstThrottled]!;
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(DAY_SECONDS - 120);
    expect(retryAfter).toBeLessThanOrEqual(DAY_SECONDS);
    expect(throttled.body).toEqual({ message: tooManyTakenAddressesText(retryAfter) });
    expect(throttled.body.message).toBe(
      'Too many of the addresses you named have a Teamfolk account with another company. Please try again in 24 hours.',
    );

    // An address already refused is no news: it is refused as before.
    await addEmployee(bearer, probes[0]!).expect(409);

    const where = { userId: admin.id, companyId: admin.companyId };
    expect(
      await SecurityEvent.count({ where: { ...where, kind: 'employee.email-taken-elsewhere', status: 409 } }),
    ).toBe(6);
    expect(await SecurityEvent.count({ where: { ...where, kind: 'request.throttled', status: 429 } })).toBe(
      60 - firstThrottled,
    );
    const [event] = await SecurityEvent.findAll({ where: { ...where, kind: 'employee.email-taken-elsewhere' } });
    // The probed address is another company's person's: the log keeps who asked, not whom.
    expect(event).toMatchObject({ route: 'POST /api/employees', email: null });

    // Another company's admin is not held back.
    const other = await freshAdmin();
    await addEmployee(other.bearer, takenAddress()).expect(409);
    await addEmployee(other.bearer, freeAddress()).expect(402);
  });

  it('holds under parallel probes', async () => {
    const { bearer } = await freshAdmin();
    const replies = await Promise.all(Array.from({ length: 20 }, () => addEmployee(bearer, takenAddress())));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([...Array(5).fill(409), ...Array(15).fill(429)]);
  });

  it("never holds back an admin's parallel hires of addresses that are free", async () => {
    const subscribed = await freshAdmin();
    await activateSubscription(subscribed.company);
    const replies = await Promise.all(Array.from({ length: 12 }, () => addEmployee(subscribed.bearer, freeAddress())));
    expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(201));
  });

  it('counts per company too, whichever of its admins asks', async () => {
    const agent = t.requestWith({ RATE_LIMIT_TAKEN_ADDRESS_PER_ADMIN: '2', RATE_LIMIT_TAKEN_ADDRESS_PER_COMPANY: '3' });
    const first = await freshAdmin();
    const second = await User.create({
      companyId: first.company.id,
      email: `second-admin-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: first.admin.passwordHash,
      role: 'admin',
      name: 'Second Admin',
      emailVerifiedAt: new Date(),
    });
    const secondBearer = await bearerFor(t, second.email, first.password);
    await addEmployee(first.bearer, takenAddress(), agent).expect(409);
    await addEmployee(first.bearer, takenAddress(), agent).expect(409);
    await addEmployee(first.bearer, takenAddress(), agent).expect(429);
    await addEmployee(secondBearer, takenAddress(), agent).expect(409);
    await addEmployee(secondBearer, freeAddress(), agent).expect(429);
  });

  it("counts the first employee's checkout and a changed address alike", async () => {
    const agent = t.requestWith({ RATE_LIMIT_TAKEN_ADDRESS_PER_ADMIN: '2' });
    const { bearer } = await freshAdmin();
    const checkout = (email: string) =>
      agent
        .post('/api/billing/create-checkout-session')
        .set('Authorization', bearer)
        .send({ pendingEmployeeData: person(email) });
    const refused = await checkout(takenAddress()).expect(409);
    expect(refused.body).toEqual({ message: employeeTexts.emailTakenElsewhere, field: 'pendingEmployeeData.email' });
    await addEmployee(bearer, takenAddress(), agent).expect(409);
    await checkout(freeAddress()).expect(429);

    const subscribed = await freshAdmin();
    await activateSubscription(subscribed.company);
    const employee = await addEmployee(subscribed.bearer, freeAddress(), agent).expect(201);
    const rename = (email: string) =>
      agent
        .put(`/api/employees/${employee.body.id as number}`)
        .set('Authorization', subscribed.bearer)
        .send({ email });
    await rename(takenAddress()).expect(409);
    await rename(freeAddress()).expect(200);
    await rename(takenAddress()).expect(409);
    await rename(freeAddress()).expect(429);
  });
});
