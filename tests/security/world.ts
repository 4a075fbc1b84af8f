import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import type supertest from 'supertest';
import { Employee, LeaveRequest, Subscription, User, type Company } from '@teamfolk/shared';
import { bearerFor, createCompanyWithAdmin, createInvitedEmployee, type TestApp } from '@teamfolk/services/testing';

/**
 * Two companies, A and B, each with a verified admin, two employees who have accepted their
 * invitations, one still invited, leave of every owner, and a real subscription (the local payments
 * mode's checkout) with two cards: the world every security suite calls the API in.
 */

export const SIGNED_IN_CALLERS = ['employeeOfA', 'adminOfA', 'adminOfB', 'employeeOfB'] as const;
export type SignedInCaller = (typeof SIGNED_IN_CALLERS)[number];
export const CALLERS = ['anonymous', ...SIGNED_IN_CALLERS] as const;
export type Caller = (typeof CALLERS)[number];

/** Whose record a route's id names, seen from the caller. */
export const TARGETS = ['own', 'sameCompany', 'otherCompany'] as const;
export type Target = (typeof TARGETS)[number];

export interface Person {
  userId: number;
  /** The person's employee record; null for an admin (admins have none). */
  employeeId: number | null;
  name: string;
  email: string;
  password: string;
  bearer: string;
}

export interface SeededCompany {
  key: 'A' | 'B';
  model: Company;
  admin: Person;
  /** The employee who calls the API in the matrix. */
  employee: Person;
  /** Another employee of the same company, with a sign-in. */
  colleague: Person;
  /** An employee who has not accepted the invitation yet. */
  invited: { employeeId: number; name: string; email: string };
  /** Leave of the employee, the colleague and the admin (pending, approved, pending). */
  leaveIds: number[];
  /** The default card and a spare one. */
  cardIds: string[];
}

export interface WorldOptions {
  /**
   * Postgres sequences are moved to this value before company A is seeded, so A's ids (employees,
   * users, leave, invitations, company) are recognisable numbers no record of B can have.
   */
  idBaseForA?: number;
  /** Marks every name and e-mail address of the company, to find them in replies. */
  nameTag?: (company: 'A' | 'B') => string;
  /** More records of a company, made with the company's ids (see idBaseForA). */
  seedMore?: (world: World, company: SeededCompany) => Promise<void>;
  /** Where the world's own calls go (the fuzzing suite's API has the sign-in rate limits raised). */
  request?: () => supertest.Agent;
}

const SEQUENCED_TABLES = [
  'companies',
  'users',
  'employees',
  'invitations',
  'leave_requests',
  'time_credits',
  'billing_cycles',
];
const PASSWORD = 'secret-passphrase';
const FIRST_FREE_DAY = Date.UTC(2031, 0, 6);
const DAY_MS = 24 * 3600 * 1000;

export class World {
  readonly companies = {} as Record<'A' | 'B', SeededCompany>;
  private freeDay = 0;
  private sequence = 0;

  private constructor(
    readonly t: TestApp,
    private readonly requestFactory: () => supertest.Agent,
  ) {}

  static async create(t: TestApp, options: WorldOptions = {}): Promise<World> {
    const tag = options.nameTag ?? ((key: 'A' | 'B') => `${key.toLowerCase()}${randomBytes(3).toString('hex')}`);
    const world = new World(t, options.request ?? (() => t.request()));
    // B first: with idBaseForA, every record of A (and none of B) has an id above the base.
    for (const key of ['B', 'A'] as const) {
      if (key === 'A' && options.idBaseForA !== undefined) await moveSequences(t, options.idBaseForA);
      const company = await seedCompany(t, key, tag(key));
      world.companies[key] = company;
      await world.subscribe(company);
      const subscription = await Subscription.findOne({
        where: { companyId: company.model.id },
        rejectOnEmpty: true,
      });
      company.cardIds.push(subscription.defaultPaymentMethodId!, await world.freshCard(company));
      company.leaveIds.push(
        await world.freshLeave(company, company.employee),
        await world.freshLeave(company, company.colleague, 'approved'),
        await world.freshLeave(company, company.admin),
      );
      await options.seedMore?.(world, company);
    }
    return world;
  }

  request(): supertest.Agent {
    return this.requestFactory();
  }

  /** Signs in through the API and returns the bearer header value. */
  async signIn(email: string, password: string): Promise<string> {
    const reply = await this.request().post('/api/auth/login').send({ email, password }).expect(200);
    return `Bearer ${reply.body.token as string}`;
  }

  companyOf(caller: SignedInCaller): SeededCompany {
    return caller.endsWith('A') ? this.companies.A : this.companies.B;
  }

  otherCompanyOf(caller: SignedInCaller): SeededCompany {
    return caller.endsWith('A') ? this.companies.B : this.companies.A;
  }

  personOf(caller: SignedInCaller): Person {
    const company = this.companyOf(caller);
    return caller.startsWith('admin') ? company.admin : company.employee;
  }

  bearerOf(caller: Caller): string | undefined {
    return caller === 'anonymous' ? undefined : this.personOf(caller).bearer;
  }

  /** A unique tag for names and e-mail addresses of records made during a test. */
  unique(): string {
    return `${++this.sequence}${randomBytes(2).toString('hex')}`;
  }

  /** A working day no leave of this world has used yet (2031 onwards): new leave never overlaps. */
  nextFreeWorkday(): string {
    for (;;) {
      const day = new Date(FIRST_FREE_DAY + this.freeDay++ * DAY_MS);
      if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) return day.toISOString().slice(0, 10);
    }
  }

  /** A new employee of the company with an open invitation. */
  async freshEmployee(company: SeededCompany): Promise<number> {
    const id = this.unique();
    const { employee } = await createInvitedEmployee(this.t.db.sequelize, company.model, {
      name: `Fresh Person ${id}`,
      email: `fresh-${id}@example.com`,
    });
    return employee.id;
  }

  /** New leave of a person (an admin's own leave has no employee record), 'other' so no balance is drawn. */
  async freshLeave(
    company: SeededCompany,
    owner: Person,
    status: 'pending' | 'approved' = 'pending',
    day = this.nextFreeWorkday(),
  ): Promise<number> {
    const leave = await LeaveRequest.create({
      companyId: company.model.id,
      employeeId: owner.employeeId,
      userId: owner.userId,
      employeeName: owner.name,
      requestType: 'other',
      leaveType: 'full_day',
      startDate: day,
      endDate: day,
      startTime: null,
      endTime: null,
      reason: `Reason of ${owner.name}`,
      daysCount: 1,
      hoursCount: 8,
      status,
      createdBy: owner.userId,
    });
    return leave.id;
  }

  /** New pending extra hours of an employee (an admin has no hours bank of their own). */
  async freshTimeCredit(company: SeededCompany, owner: Person): Promise<number> {
    const [row] = await this.t.db.sequelize.query<{ id: number }>(
      `INSERT INTO time_credits (company_id, employee_id, user_id, date, hours, reason, created_by)
       VALUES (:companyId, :employeeId, :userId, :date, 2, :reason, :userId) RETURNING id`,
      {
        type: QueryTypes.SELECT,
        replacements: {
          companyId: company.model.id,
          employeeId: owner.employeeId,
          userId: owner.userId,
          date: this.nextFreeWorkday(),
          reason: `Extra hours of ${owner.name}`,
        },
      },
    );
    return row!.id;
  }

  /** A completed setup-mode checkout of the company (a card on the hosted page), not yet confirmed by the API. */
  async freshSetupSession(company: SeededCompany): Promise<string> {
    const intent = await this.request()
      .post('/api/billing/create-setup-intent')
      .set('Authorization', company.admin.bearer)
      .send({ hosted: true })
      .expect(200);
    await this.payOnCheckoutPage(intent.body.url as string);
    return intent.body.sessionId as string;
  }

  /** A new card of the company, not its default. */
  async freshCard(company: SeededCompany): Promise<string> {
    const sessionId = await this.freshSetupSession(company);
    const reply = await this.request()
      .post('/api/billing/payment-success')
      .set('Authorization', company.admin.bearer)
      .send({ sessionId })
      .expect(200);
    return reply.body.paymentMethodId as string;
  }

  /**
   * Puts back what a successful call may have changed for the whole company: a running subscription
   * (reactivated, or a new one after an immediate cancellation) and sign-ins that still work.
   */
  async restore(): Promise<void> {
    const companies = Object.values(this.companies);
    const people = companies.flatMap((company) => [company.admin, company.employee, company.colleague]);
    await Promise.all(people.map((person) => this.signInAgainIfNeeded(person)));
    const subscriptions = await Subscription.findAll({ where: { companyId: companies.map((c) => c.model.id) } });
    for (const company of companies) {
      const status = subscriptions.find((row) => row.companyId === company.model.id)?.status;
      if (status === 'cancel_at_period_end') {
        await this.request()
          .post('/api/billing/reactivate-subscription')
          .set('Authorization', company.admin.bearer)
          .expect(200);
      } else if (status !== 'active') {
        await this.subscribe(company);
      }
    }
  }

  /**
   * A session ended by a successful call (a removal of the person, a sign-out) is replaced: the
   * person is put back on the list and signs in again, with the address the record has now.
   */
  private async signInAgainIfNeeded(person: Person): Promise<void> {
    const me = await this.request().get('/api/auth/me').set('Authorization', person.bearer);
    if (me.status !== 401) return;
    const user = await User.findByPk(person.userId, { rejectOnEmpty: true });
    if (user.disabledAt) {
      await user.update({ disabledAt: null });
      await Employee.update({ deletedAt: null }, { where: { userId: user.id } });
    }
    person.bearer = await this.signIn(user.email, person.password);
  }

  private async subscribe(company: SeededCompany): Promise<void> {
    const checkout = await this.request()
      .post('/api/billing/create-checkout-session')
      .set('Authorization', company.admin.bearer)
      .send({})
      .expect(200);
    await this.payOnCheckoutPage(checkout.body.url as string);
    await this.request()
      .post('/api/billing/payment-success')
      .set('Authorization', company.admin.bearer)
      .send({ sessionId: checkout.body.sessionId })
      .expect(200);
  }

  private async payOnCheckoutPage(url: string): Promise<void> {
    await this.request()
      .post(`${new URL(url).pathname}/complete`)
      .set('Accept', 'application/json')
      .send({ cardNumber: '4242 4242 4242 4242' })
      .expect(200);
  }
}

async function moveSequences(t: TestApp, base: number): Promise<void> {
  for (const table of SEQUENCED_TABLES) {
    await t.db.sequelize.query(`SELECT setval(pg_get_serial_sequence(:table, 'id'), :base)`, {
      replacements: { table, base },
      type: QueryTypes.SELECT,
    });
  }
}

async function seedCompany(t: TestApp, key: 'A' | 'B', tag: string): Promise<SeededCompany> {
  const adminEmail = `admin.${tag}@${tag}.example.com`;
  const created = await createCompanyWithAdmin({ email: adminEmail });
  await created.company.update({ name: `Company ${tag}` });
  await created.admin.update({ name: `Admin ${tag}` });
  const admin: Person = {
    userId: created.admin.id,
    employeeId: null,
    name: created.admin.name,
    email: adminEmail,
    password: created.password,
    bearer: await bearerFor(t, adminEmail, created.password),
  };
  const joined = async (role: string): Promise<Person> => {
    const name = `${role} ${tag}`;
    const email = `${role.toLowerCase()}.${tag}@${tag}.example.com`;
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, created.company, { name, email });
    await t.request().post('/api/auth/invitation/accept').send({ token, password: PASSWORD }).expect(200);
    const user = await User.findOne({ where: { email }, rejectOnEmpty: true });
    return {
      userId: user.id,
      employeeId: employee.id,
      name,
      email,
      password: PASSWORD,
      bearer: await bearerFor(t, email, PASSWORD),
    };
  };
  const employee = await joined('Employee');
  const colleague = await joined('Colleague');
  const invitedName = `Invited ${tag}`;
  const invitedEmail = `invited.${tag}@${tag}.example.com`;
  const { employee: invited } = await createInvitedEmployee(t.db.sequelize, created.company, {
    name: invitedName,
    email: invitedEmail,
  });
  return {
    key,
    model: created.company,
    admin,
    employee,
    colleague,
    invited: { employeeId: invited.id, name: invitedName, email: invitedEmail },
    leaveIds: [],
    cardIds: [],
  };
}
