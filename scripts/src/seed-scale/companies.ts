import { createHash } from 'node:crypto';
import { EMAIL_TOKEN_TTL_HOURS, monthlyAmount, SEAT_PRICE_CENTS } from '@teamfolk/shared';
import { EMPLOYEE_RECORD } from '@teamfolk/services';
import { DAY_MS, isoDay, monthStartOf, nextMonthStartOf, WorkCalendar } from './days';
import { FIRST_REQUEST_AFTER_DAYS, generateLeaves, type Balances, type LeaveClock, type LeaveStore } from './leaves';
import type { Random } from './random';
import type { SeedTables } from './tables';
import {
  COMPANY_LOCATIONS,
  COMPANY_SUFFIXES,
  COMPANY_TRADES,
  COMPANY_WORDS,
  FIRST_NAMES,
  JOB_ROLES,
  LAST_NAMES,
} from './vocabulary';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Staff records reach back this far (hire dates), whatever the length of the leave history. */
const HIRING_YEARS = 15;
/** Of every hundred employees, about this many were invited and have not accepted yet. */
const PENDING_EMPLOYEE_SHARE = 0.02;
/** A company of at least this many employees has a second admin. */
const SECOND_ADMIN_FROM = 50;
const CANCELLING_SHARE = 0.03;
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
];

export interface SeedClock extends LeaveClock {
  /** The first day of the leave history. */
  windowStart: number;
}

/** Where the next row of each table with explicit ids goes (ids are handed out here, not by Postgres). */
export interface IdCursor {
  company: number;
  user: number;
  employee: number;
  invitation: number;
  verificationToken: number;
}

export interface CompanyPlan {
  size: number;
  /** Never cancelling: the benchmark signs in to these. */
  keepActive: boolean;
}

export interface SeededCompany {
  id: number;
  size: number;
  adminEmail: string;
  /** An employee who has accepted their invitation and can sign in. */
  employeeEmail: string | null;
  admins: number;
  pendingEmployees: number;
}

export interface GenerationContext {
  tables: SeedTables;
  leaves: LeaveStore;
  ids: IdCursor;
  clock: SeedClock;
  passwordHash: string;
  /** Makes every token hash of this run distinct and reproducible. */
  seed: number;
  /** Employee names by id: the leave rows keep the name on record. */
  employeeNames: Map<number, string>;
}

interface Person {
  name: string;
  localPart: string;
}

interface EmployeeDraft extends Person {
  hireDay: number;
  createdAt: number;
  birthday: number | null;
  jobRole: string;
  pending: boolean;
}

const emailLocalPart = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');

function personFrom(random: Random): Person {
  const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  return { name, localPart: emailLocalPart(name) };
}

/** A stored token hash (SHA-256 of a token nobody holds), unique per seed and row, the same on every run. */
const tokenHash = (seed: number, kind: string, id: number) =>
  createHash('sha256').update(`teamfolk-seed-scale:${seed}:${kind}:${id}`).digest('hex');

/**
 * One company with everything a real one accumulates: admins who verified their address, employees
 * invited and (mostly) signed up, their leave history, a paid-up subscription with its monthly
 * cycles and the local payments mode's matching records, the e-mails sent, sign-ins and audit entries.
 */
export function generateCompany(context: GenerationContext, plan: CompanyPlan, random: Random): SeededCompany {
  const { tables, ids, clock } = context;
  const companyId = ids.company++;
  const word = random.pick(COMPANY_WORDS);
  const trade = random.pick(COMPANY_TRADES);
  const name = `${word} ${trade} ${random.pick(COMPANY_SUFFIXES)}`.trim();
  const domain = `${emailLocalPart(`${word} ${trade}`).replaceAll('.', '-')}-${companyId}.teamfolk.test`;
  const location = random.weighted(COMPANY_LOCATIONS);
  const companyDay = clock.windowStart - random.int(0, 365);
  const companyCreatedAt = companyDay * DAY_MS + random.int(8 * 60, 18 * 60) * MINUTE_MS;
  tables.companies.add({
    id: companyId,
    name,
    country: location.country,
    region: location.region,
    time_zone: location.timeZone,
    created_at: companyCreatedAt,
    updated_at: companyCreatedAt,
  });

  const adminEmails = ['admin', 'hr'].slice(0, plan.size >= SECOND_ADMIN_FROM ? 2 : 1).map((box) => `${box}@${domain}`);
  const adminUserIds = adminEmails.map((email, index) =>
    addAdmin(context, companyId, email, personFrom(random).name, companyCreatedAt + index * 2 * DAY_MS, random),
  );

  const calendar = new WorkCalendar(location, clock.windowStart - 1, clock.lastDay + 31);
  const usedLocalParts = new Set<string>();
  const drafts = Array.from({ length: plan.size }, () => draftEmployee(companyDay, clock, usedLocalParts, random));
  // Ids follow the order people were added, as they would in the product.
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  let employeeEmail: string | null = null;
  for (const draft of drafts) {
    const email = addEmployee(context, companyId, domain, draft, adminUserIds, calendar, random);
    if (!draft.pending) employeeEmail ??= email;
  }

  addBilling(context, companyId, adminEmails[0] ?? '', name, plan, companyCreatedAt, drafts, random);
  return {
    id: companyId,
    size: plan.size,
    adminEmail: adminEmails[0] ?? '',
    employeeEmail,
    admins: adminEmails.length,
    pendingEmployees: drafts.filter((draft) => draft.pending).length,
  };
}

function addAdmin(
  context: GenerationContext,
  companyId: number,
  email: string,
  name: string,
  createdAt: number,
  random: Random,
): number {
  const { tables, ids, clock } = context;
  const userId = ids.user++;
  const verifiedAt = createdAt + random.int(2, 90) * MINUTE_MS;
  const lastLoginAt = clock.now - random.int(10, 72 * 60) * MINUTE_MS;
  tables.users.add({
    id: userId,
    company_id: companyId,
    email,
    password_hash: context.passwordHash,
    role: 'admin',
    name,
    email_verified_at: verifiedAt,
    last_login_at: lastLoginAt,
    created_at: createdAt,
    updated_at: lastLoginAt,
  });
  const tokenId = ids.verificationToken++;
  tables.verificationTokens.add({
    id: tokenId,
    company_id: companyId,
    user_id: userId,
    token_hash: tokenHash(context.seed, 'verify-email', tokenId),
    expires_at: createdAt + EMAIL_TOKEN_TTL_HOURS * HOUR_MS,
    used_at: verifiedAt,
    created_at: createdAt,
    updated_at: verifiedAt,
  });
  tables.sentEmails.add({
    company_id: companyId,
    idempotency_key: `verify-email-${tokenId}`,
    recipient: email,
    template: 'verify-email',
    sent_at: createdAt + 2_000,
  });
  addSignIn(context, companyId, userId, email, lastLoginAt, random);
  return userId;
}

function draftEmployee(companyDay: number, clock: SeedClock, usedLocalParts: Set<string>, random: Random) {
  const person = personFrom(random);
  let localPart = person.localPart;
  for (let suffix = 2; usedLocalParts.has(localPart); suffix++) localPart = `${person.localPart}${suffix}`;
  usedLocalParts.add(localPart);

  const pending = random.chance(PENDING_EMPLOYEE_SHARE);
  const hireDay = pending
    ? clock.today + random.int(-10, 30)
    : random.int(clock.today - HIRING_YEARS * 365, clock.today - 20);
  // Staff hired before the company signed up were entered in its first days; later hires shortly before they start.
  const addedDay = pending
    ? clock.today - random.int(0, 6)
    : Math.max(companyDay + random.int(0, 3), hireDay - random.int(0, 14));
  const createdAt = Math.min(clock.now - HOUR_MS, addedDay * DAY_MS + random.int(8 * 60, 18 * 60) * MINUTE_MS);
  const bornIn = Date.UTC(random.int(1960, 2004), 0, 1) / DAY_MS;
  return {
    ...person,
    localPart,
    hireDay,
    createdAt,
    birthday: random.chance(0.05) ? null : bornIn + random.int(0, 365),
    jobRole: random.chance(0.05) ? '' : random.pick(JOB_ROLES),
    pending,
  } satisfies EmployeeDraft;
}

/** Allowances are per year; the totals hold one per year of the history the person was there for. */
function openingBalances(draft: EmployeeDraft, clock: SeedClock, random: Random): Balances {
  const since = Math.max(clock.windowStart, Math.floor(draft.createdAt / DAY_MS));
  const years = draft.pending ? 1 : Math.max(1, Math.ceil((clock.lastDay - since) / 365));
  const vacationPerYear = random.weighted([
    [20, 15],
    [25, 50],
    [28, 20],
    [30, 15],
  ] as const);
  const bankPerYear = random.weighted([
    [0, 55],
    [16, 20],
    [40, 25],
  ] as const);
  return {
    vacationTotal: vacationPerYear * years * 10,
    vacationUsed: 0,
    sickTotal: 10 * years * 10,
    sickUsed: 0,
    bankTotal: bankPerYear * years * 10,
    bankUsed: 0,
  };
}

function addEmployee(
  context: GenerationContext,
  companyId: number,
  domain: string,
  draft: EmployeeDraft,
  adminUserIds: number[],
  calendar: WorkCalendar,
  random: Random,
): string {
  const { tables, ids, clock } = context;
  const employeeId = ids.employee++;
  context.employeeNames.set(employeeId, draft.name);
  const email = `${draft.localPart}@${domain}`;
  const admin = random.pick(adminUserIds);
  const balances = openingBalances(draft, clock, random);
  const opening = { ...balances };

  const invitationId = ids.invitation++;
  const invitedAt = draft.createdAt + random.int(1, 30) * 1_000;
  let userId: number | null = null;
  let acceptedAt: number | null = null;
  if (!draft.pending) {
    userId = ids.user++;
    acceptedAt = Math.min(clock.now - HOUR_MS, invitedAt + random.int(10, 48 * 60) * MINUTE_MS);
    const lastLoginAt = random.chance(0.85) ? clock.now - random.int(10, 60 * 24 * 60) * MINUTE_MS : null;
    tables.users.add({
      id: userId,
      company_id: companyId,
      email,
      password_hash: context.passwordHash,
      role: 'employee',
      name: draft.name,
      email_verified_at: acceptedAt,
      last_login_at: lastLoginAt,
      created_at: acceptedAt,
      updated_at: lastLoginAt ?? acceptedAt,
    });
    if (lastLoginAt !== null) addSignIn(context, companyId, userId, email, lastLoginAt, random);
    generateLeaves(
      {
        companyId,
        employeeId,
        userId,
        firstDay: Math.max(clock.windowStart, Math.ceil(acceptedAt / DAY_MS) + FIRST_REQUEST_AFTER_DAYS),
        createdAt: acceptedAt,
        adminUserIds,
        calendar,
        balances,
      },
      clock,
      context.leaves,
      random,
    );
  }

  tables.employees.add({
    id: employeeId,
    company_id: companyId,
    user_id: userId,
    name: draft.name,
    email,
    job_role: draft.jobRole,
    hire_date: draft.hireDay,
    birthday: draft.birthday,
    vacation_days_total: balances.vacationTotal,
    vacation_days_used: balances.vacationUsed,
    sick_days_total: balances.sickTotal,
    sick_days_used: balances.sickUsed,
    bank_hours_total: balances.bankTotal,
    bank_hours_used: balances.bankUsed,
    created_at: draft.createdAt,
    updated_at: acceptedAt ?? draft.createdAt,
  });
  tables.invitations.add({
    id: invitationId,
    company_id: companyId,
    employee_id: employeeId,
    email,
    name: draft.name,
    token_hash: tokenHash(context.seed, 'invitation', invitationId),
    expires_at: invitedAt + EMAIL_TOKEN_TTL_HOURS * HOUR_MS,
    accepted_at: acceptedAt,
    created_at: invitedAt,
    updated_at: acceptedAt ?? invitedAt,
  });
  tables.sentEmails.add({
    company_id: companyId,
    idempotency_key: `invitation-${invitationId}`,
    recipient: email,
    template: 'invitation',
    sent_at: invitedAt + 3_000,
  });
  tables.audit.add({
    company_id: companyId,
    actor_user_id: admin,
    action: 'employee.created',
    entity: 'employee',
    entity_id: String(employeeId),
    before: null,
    after: JSON.stringify(employeeRecord(employeeId, email, draft, opening)),
    created_at: draft.createdAt,
  });
  return email;
}

/** The employee as the API's audit entry records it at creation: no sign-in yet, nothing used. */
function employeeRecord(id: number, email: string, draft: EmployeeDraft, opening: Balances) {
  return EMPLOYEE_RECORD.of({
    id,
    name: draft.name,
    email,
    job_role: draft.jobRole,
    hire_date: isoDay(draft.hireDay),
    birthday: draft.birthday === null ? null : isoDay(draft.birthday),
    vacation_days_total: opening.vacationTotal / 10,
    vacation_days_used: 0,
    sick_days_total: opening.sickTotal / 10,
    sick_days_used: 0,
    bank_hours_total: opening.bankTotal / 10,
    bank_hours_used: 0,
    work_pattern: null,
    end_date: null,
    team_id: null,
    vacation_days_carried: 0,
    vacation_days_expiring: 0,
    vacation_days_expiring_on: null,
    user_id: null,
    created_at: new Date(draft.createdAt),
  });
}

function addSignIn(
  context: GenerationContext,
  companyId: number,
  userId: number,
  email: string,
  at: number,
  random: Random,
): void {
  context.tables.securityEvents.add({
    company_id: companyId,
    user_id: userId,
    kind: 'sign-in.succeeded',
    email,
    ip: `198.51.100.${random.int(1, 254)}`,
    user_agent: random.pick(USER_AGENTS),
    route: '/api/auth/login',
    status: 200,
    created_at: at,
  });
}

/**
 * A subscription started by checkout a few days after sign-up and paid every month since, in the
 * database and in the local payments mode alike (customer, card, subscription, one invoice per
 * month), so the workers' monthly cycle and daily sync find what they expect. A few companies have
 * asked to cancel at the end of the current period: still live until then.
 */
function addBilling(
  context: GenerationContext,
  companyId: number,
  adminEmail: string,
  companyName: string,
  plan: CompanyPlan,
  companyCreatedAt: number,
  drafts: readonly EmployeeDraft[],
  random: Random,
): void {
  const { tables, clock } = context;
  const customerId = `cus_local_seed${companyId}`;
  const paymentMethodId = `pm_local_seed${companyId}`;
  const subscriptionId = `sub_local_seed${companyId}`;
  const startedAt = companyCreatedAt + random.int(1, 5 * 24 * 60) * MINUTE_MS;
  const startedDay = Math.floor(startedAt / DAY_MS);
  const periodStart = monthStartOf(clock.today);
  const periodEnd = nextMonthStartOf(clock.today);
  const cancelling = !plan.keepActive && random.chance(CANCELLING_SHARE);
  const invoiceIdOf = (monthStart: number) =>
    `in_local_seed${companyId}_${isoDay(monthStart).slice(0, 7).replace('-', '')}`;
  const objectAt = (createdAt: number) => ({ company_id: companyId, customer_id: customerId, created_at: createdAt });

  const expiry = new Date(startedAt);
  tables.paymentObjects.add({
    ...objectAt(startedAt),
    id: customerId,
    type: 'customer',
    data: JSON.stringify({ email: adminEmail, name: companyName, defaultPaymentMethod: paymentMethodId }),
    updated_at: startedAt,
  });
  tables.paymentObjects.add({
    ...objectAt(startedAt),
    id: paymentMethodId,
    type: 'payment_method',
    data: JSON.stringify({
      created: Math.floor(startedAt / 1000),
      card: {
        last4: '4242',
        brand: 'visa',
        exp_month: expiry.getUTCMonth() + 1,
        exp_year: expiry.getUTCFullYear() + 6,
      },
      chargeable: true,
      detached: false,
    }),
    updated_at: startedAt,
  });

  const addedDays = drafts.map((draft) => Math.floor(draft.createdAt / DAY_MS)).sort((a, b) => a - b);
  let seats = 0;
  let latestInvoice = '';
  for (let month = monthStartOf(startedDay); month <= periodStart; month = nextMonthStartOf(month)) {
    const billedAt = month === monthStartOf(startedDay) ? startedAt : month * DAY_MS + 3 * HOUR_MS;
    const billedDay = Math.floor(billedAt / DAY_MS);
    while (seats < addedDays.length && (addedDays[seats] ?? 0) < billedDay) seats++;
    const paidAt = billedAt + random.int(1, 300) * 1_000;
    latestInvoice = invoiceIdOf(month);
    tables.paymentObjects.add({
      ...objectAt(billedAt),
      id: latestInvoice,
      type: 'invoice',
      data: JSON.stringify({
        subscription: subscriptionId,
        created: new Date(billedAt).toISOString(),
        status: 'paid',
        amountDue: monthlyAmount(seats, SEAT_PRICE_CENTS),
        quantity: seats,
        paidAt: new Date(paidAt).toISOString(),
        attempted: true,
      }),
      updated_at: paidAt,
    });
    tables.billingCycles.add({
      company_id: companyId,
      billing_date: month,
      seat_count: seats,
      amount_due: monthlyAmount(seats, SEAT_PRICE_CENTS),
      status: 'paid',
      paid_at: paidAt,
      provider_invoice_id: latestInvoice,
      created_at: billedAt,
      updated_at: paidAt,
    });
  }

  tables.paymentObjects.add({
    ...objectAt(startedAt),
    id: subscriptionId,
    type: 'subscription',
    data: JSON.stringify({
      status: 'active',
      cancelAtPeriodEnd: cancelling,
      quantity: plan.size,
      currentPeriodStart: new Date(periodStart * DAY_MS).toISOString(),
      currentPeriodEnd: new Date(periodEnd * DAY_MS).toISOString(),
      endedAt: null,
      defaultPaymentMethod: paymentMethodId,
      latestInvoice,
    }),
    updated_at: periodStart * DAY_MS,
  });
  tables.subscriptions.add({
    company_id: companyId,
    status: cancelling ? 'cancel_at_period_end' : 'active',
    current_period_end: periodEnd * DAY_MS,
    provider_customer_id: customerId,
    provider_subscription_id: subscriptionId,
    default_payment_method_id: paymentMethodId,
    seat_quantity: plan.size,
    provider_state_at: clock.now - random.int(1, 20) * HOUR_MS,
    created_at: startedAt,
    updated_at: clock.now - random.int(1, 20) * HOUR_MS,
  });
}
