import {
  appDatabaseUrl,
  LEAVE_STATUSES,
  migrateDatabase,
  REQUEST_TYPES,
  type LeaveStatus,
  type RequestType,
} from '@teamfolk/shared';
import { hashPassword } from '@teamfolk/services';
import { BulkWriter } from './bulk-writer';
import { generateCompany, type SeedClock, type SeededCompany } from './companies';
import type { CompanyLedger } from './ledger-history';
import { BENCHMARK_COMPANY, companySizes, SeedScaleInputError } from './company-sizes';
import { dayOf, isoDay } from './days';
import { auditRecentLeaves, writeLeaveRows, type LeaveHistory } from './leave-rows';
import { FUTURE_DAYS, LeaveStore } from './leaves';
import {
  advanceSequences,
  assertOwnerWritesEveryCompany,
  checkForeignKeys,
  connect,
  deferForeignKeyChecks,
  eraseCompanies,
  reserveIds,
  vacuumAnalyse,
} from './owner-session';
import { Random } from './random';
import { seedTables, type SeedTables } from './tables';

/** Every seeded user signs in with this password (one argon2id hash, computed once). */
export const SCALE_PASSWORD = 'Scale-bench-2026!';
/** Changes whenever the seed writes other tables or other history: a benchmark's kept data of another shape is seeded anew. */
export const SCALE_DATA_SHAPE = 'ledger-years-teams-leave-days-and-derived-entries-and-closing';
export const SCALE_DEFAULTS = { companies: 1_000, employees: 50_000, years: 3, seed: 1 } as const;
const MAX_YEARS = 20;
/** Rows per INSERT: large enough that statements are few, small enough to keep Node's memory flat. */
const BATCH_ROWS = 10_000;
/** Leave changes of this many recent days are also in the audit log, as the API writes them. */
const AUDITED_LEAVE_DAYS = 7;
/** Connections writing leave requests at once: one Postgres backend per core of a 2-core machine. */
const LEAVE_WRITERS = 2;

/** A company the benchmark signs in to: its admin, and one employee who has accepted their invitation. */
export interface BenchmarkCompany {
  id: number;
  employees: number;
  adminEmail: string;
  employeeEmail: string | null;
  /** An approver of one of its teams (about 50 people in the largest company); null without teams. */
  approverEmail: string | null;
  /** The people in that team. */
  approverTeamSize: number;
}

export interface ScaleSeedOptions {
  /** The schema owner's connection (DATABASE_URL): runs the migrations and writes the rows. */
  databaseUrl: string;
  /** DATABASE_APP_URL, when the application role is not the derived development one. */
  appDatabaseUrl?: string;
  companies?: number;
  employees?: number;
  years?: number;
  seed?: number;
  /** The moment the history ends at (tests pin it); now by default. */
  now?: Date;
  /** Progress lines, e.g. `process.stdout.write`. */
  onProgress?: (line: string) => void;
}

export interface ScaleSeedSummary {
  seed: number;
  years: number;
  /** The first and last day of leave history (the last a few months ahead of today). */
  leaveHistory: { from: string; to: string };
  companies: number;
  companySize: { smallest: number; median: number; largest: number };
  employees: number;
  /** Employees invited who have not accepted yet (no user, an open invitation). */
  invitedEmployees: number;
  users: { admins: number; employees: number };
  leaveRequests: number;
  leaveRequestsByStatus: Record<LeaveStatus, number>;
  leaveRequestsByType: Record<RequestType, number>;
  invitations: number;
  subscriptions: number;
  billingCycles: number;
  paymentRecords: number;
  auditEntries: number;
  sentEmails: number;
  securityEvents: number;
  teams: number;
  timeCredits: number;
  /** Leave policies stored (companies not on the default one). */
  leavePolicies: number;
  /** Recorded ledger entries (leave taken per working day, time credits, adjustments) and kept year closings. */
  balanceEntries: number;
  yearClosings: number;
  /** The largest company (2,000 employees at the default size). */
  largestCompany: BenchmarkCompany;
  /** The company of exactly 200 employees (the nearest size when the totals are too small for one). */
  mediumCompany: BenchmarkCompany;
  /** The password of every seeded user. */
  password: string;
  seconds: number;
}

function positiveInteger(name: string, value: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new SeedScaleInputError(`--${name} must be a whole number from 1 to ${max}`);
  }
  return value;
}

/** The options with their defaults, and the company sizes they make; throws SeedScaleInputError for impossible ones. */
export function scaleShape(options: Omit<ScaleSeedOptions, 'databaseUrl'>) {
  const companies = positiveInteger('companies', options.companies ?? SCALE_DEFAULTS.companies);
  const employees = positiveInteger('employees', options.employees ?? SCALE_DEFAULTS.employees);
  const years = positiveInteger('years', options.years ?? SCALE_DEFAULTS.years, MAX_YEARS);
  const seed = Math.trunc(options.seed ?? SCALE_DEFAULTS.seed);
  return { companies, employees, years, seed, sizes: companySizes(companies, employees, new Random(seed).derive(0)) };
}

interface Plan {
  companies: number;
  employees: number;
  years: number;
  seed: number;
  sizes: number[];
  clock: SeedClock;
  passwordHash: string;
  say: (line: string) => void;
}

interface FirstCommit {
  seeded: SeededCompany[];
  tables: SeedTables;
  history: LeaveHistory;
  /** The companies written, for the clean-up should the leave requests fail. */
  companyIds: { first: number; next: number };
  /** The `leave` ledger entries written with the leave requests. */
  leaveEntries: number;
}

/**
 * Fills a database with realistic Teamfolk data at scale (see README, `npm run seed:scale`): runs
 * the migrations, then writes as the schema owner in multi-row batches: first, in one transaction,
 * everything but the leave requests; then the leave requests over two connections at once; then
 * vacuums and analyses. Adds to what is there (ids continue after the existing ones); if the leave
 * requests fail, the companies written are removed again.
 */
export async function seedScale(options: ScaleSeedOptions): Promise<ScaleSeedSummary> {
  const started = performance.now();
  const { companies, employees, years, seed, sizes } = scaleShape(options);
  const report = options.onProgress ?? (() => undefined);
  const say = (line: string) => report(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}`);
  const now = (options.now ?? new Date()).getTime();
  const today = dayOf(new Date(now));
  const clock: SeedClock = {
    now,
    today,
    windowStart: today - Math.round(years * 365.25),
    lastDay: today + FUTURE_DAYS,
  };

  const { databaseUrl } = options;
  await migrateDatabase(databaseUrl, appDatabaseUrl(databaseUrl, options.appDatabaseUrl));
  say('migrations applied');
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const plan: Plan = { companies, employees, years, seed, sizes, clock, passwordHash, say };
  const written = await writeAllButLeaveRows(databaseUrl, plan);

  const leaveCount = written.history.order.length;
  try {
    say(`writing ${leaveCount.toLocaleString('en')} leave requests over ${LEAVE_WRITERS} connections`);
    const progress = (rows: number) => say(`  ${rows.toLocaleString('en')} leave requests written`);
    const { deferred, leaveEntries } = await writeLeaveRows(
      databaseUrl,
      written.history,
      BATCH_ROWS,
      LEAVE_WRITERS,
      progress,
    );
    written.leaveEntries = leaveEntries;
    if (deferred) {
      say("checking the leave requests' and their ledger entries' foreign keys");
      const client = await connect(databaseUrl);
      await checkForeignKeys(client, 'leave_requests').finally(() => client.end());
      const entriesClient = await connect(databaseUrl);
      await checkForeignKeys(entriesClient, 'balance_entries').finally(() => entriesClient.end());
    }
  } catch (error) {
    await eraseCompanies(databaseUrl, written.companyIds.first, written.companyIds.next).catch(() => undefined);
    throw error;
  }
  say('vacuuming and analysing the tables');
  await vacuumAnalyse(databaseUrl);
  return summarise({ ...plan, ...written, started });
}

/**
 * One transaction: every company with its people, subscription, billing, e-mails, sign-ins and
 * audit entries; the leave requests generated in memory (their ids reserved, their audit entries
 * written), ready to be written once this is committed.
 */
async function writeAllButLeaveRows(databaseUrl: string, plan: Plan): Promise<FirstCommit> {
  const { clock, sizes, say } = plan;
  const client = await connect(databaseUrl);
  try {
    await assertOwnerWritesEveryCompany(client);
    await client.query('BEGIN');
    const ids = await reserveIds(client);
    const firstCompanyId = ids.company;
    const firstLeaveId = ids.leave;
    const deferred = await deferForeignKeyChecks(client);
    const writer = new BulkWriter(client, BATCH_ROWS);
    const tables = seedTables(writer);
    const leaves = new LeaveStore(Math.ceil(plan.employees * 15 * (plan.years + FUTURE_DAYS / 365)));
    const employeeNames = new Map<number, string>();
    const companyLedgers = new Map<number, CompanyLedger>();
    const context = {
      tables,
      leaves,
      ids,
      clock,
      passwordHash: plan.passwordHash,
      seed: plan.seed,
      employeeNames,
      companyLedgers,
    };
    const largest = Math.max(...sizes);
    const medium = sizes.reduce((best, size) =>
      Math.abs(size - BENCHMARK_COMPANY) < Math.abs(best - BENCHMARK_COMPANY) ? size : best,
    );
    const random = new Random(plan.seed);
    const seeded: SeededCompany[] = [];
    for (const [index, size] of sizes.entries()) {
      const keepActive = size === largest || size === medium;
      const plan = { size, keepActive, largest: size === largest };
      seeded.push(generateCompany(context, plan, random.derive(index + 1)));
      await writer.settle();
      if ((index + 1) % 100 === 0 || index + 1 === sizes.length) {
        say(`companies ${index + 1}/${sizes.length}, leave requests ${leaves.size.toLocaleString('en')}`);
      }
    }
    const history: LeaveHistory = {
      store: leaves,
      order: leaves.bySubmission(),
      firstId: firstLeaveId,
      employeeNames,
      companyLedgers,
    };
    await auditRecentLeaves(writer, tables.audit, history, clock.now, AUDITED_LEAVE_DAYS);
    await writer.flush();
    if (deferred) {
      say('checking every foreign key');
      await client.query('SET LOCAL session_replication_role = DEFAULT');
      await checkForeignKeys(client);
    }
    if (tables.employees.written !== plan.employees) {
      throw new Error(`wrote ${tables.employees.written} employees, expected ${plan.employees}`);
    }
    await advanceSequences(client, { ...ids, leave: firstLeaveId + leaves.size });
    await client.query('COMMIT');
    return { seeded, tables, history, companyIds: { first: firstCompanyId, next: ids.company }, leaveEntries: 0 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

interface SummaryInput extends Plan, FirstCommit {
  started: number;
}

function summarise(input: SummaryInput): ScaleSeedSummary {
  const { seed, years, clock, sizes, seeded, history, tables, started } = input;
  const leaves = history.store;
  const byStatus = Object.fromEntries(LEAVE_STATUSES.map((status) => [status, 0])) as Record<LeaveStatus, number>;
  const byType = Object.fromEntries(REQUEST_TYPES.map((type) => [type, 0])) as Record<RequestType, number>;
  for (let row = 0; row < leaves.size; row++) {
    const status = LEAVE_STATUSES[leaves.status[row] ?? 0];
    const type = REQUEST_TYPES[leaves.requestType[row] ?? 0];
    if (status) byStatus[status]++;
    if (type) byType[type]++;
  }
  const sorted = [...sizes].sort((a, b) => a - b);
  const asBenchmark = (company: SeededCompany): BenchmarkCompany => ({
    id: company.id,
    employees: company.size,
    adminEmail: company.adminEmail,
    employeeEmail: company.employeeEmail,
    approverEmail: company.approverEmail,
    approverTeamSize: company.approverTeamSize,
  });
  const largest = seeded.reduce((best, company) => (company.size > best.size ? company : best));
  const distanceFromMedium = (company: SeededCompany) => Math.abs(company.size - BENCHMARK_COMPANY);
  const medium = seeded.reduce((best, company) =>
    distanceFromMedium(company) < distanceFromMedium(best) ? company : best,
  );
  const invited = seeded.reduce((sum, company) => sum + company.pendingEmployees, 0);
  return {
    seed,
    years,
    leaveHistory: { from: isoDay(clock.windowStart), to: isoDay(clock.lastDay) },
    companies: tables.companies.written,
    companySize: {
      smallest: sorted[0] ?? 0,
      median: sorted[Math.floor(sorted.length / 2)] ?? 0,
      largest: sorted[sorted.length - 1] ?? 0,
    },
    employees: tables.employees.written,
    invitedEmployees: invited,
    users: {
      admins: seeded.reduce((sum, company) => sum + company.admins, 0),
      employees: tables.employees.written - invited,
    },
    leaveRequests: leaves.size,
    leaveRequestsByStatus: byStatus,
    leaveRequestsByType: byType,
    invitations: tables.invitations.written,
    subscriptions: tables.subscriptions.written,
    billingCycles: tables.billingCycles.written,
    paymentRecords: tables.paymentObjects.written,
    auditEntries: tables.audit.written,
    sentEmails: tables.sentEmails.written,
    securityEvents: tables.securityEvents.written,
    teams: tables.teams.written,
    timeCredits: tables.timeCredits.written,
    leavePolicies: tables.leavePolicies.written,
    balanceEntries: tables.balanceEntries.written + input.leaveEntries,
    yearClosings: tables.yearClosings.written,
    largestCompany: asBenchmark(largest),
    mediumCompany: asBenchmark(medium),
    password: SCALE_PASSWORD,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
