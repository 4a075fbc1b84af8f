import { parseArgs } from 'node:util';
import { discoverPostgres, ensureDatabase, type Service } from '@teamfolk/shared';
import { dataRoot } from './paths';
import { SeedScaleInputError } from './seed-scale/company-sizes';
import { SCALE_DEFAULTS, scaleShape, seedScale, type ScaleSeedSummary } from './seed-scale/seed';

export {
  SCALE_DATA_SHAPE,
  SCALE_PASSWORD,
  seedScale,
  type ScaleSeedOptions,
  type ScaleSeedSummary,
} from './seed-scale/seed';

const say = (line: string) => process.stdout.write(`${line}\n`);
const count = (value: number) => value.toLocaleString('en');

function wholeNumber(name: string, text: string): number {
  if (!/^-?\d+$/.test(text)) throw new SeedScaleInputError(`--${name} must be a whole number, not '${text}'`);
  return Number(text);
}

function printSummary(summary: ScaleSeedSummary): void {
  const statuses = Object.entries(summary.leaveRequestsByStatus)
    .map(([status, number]) => `${status} ${count(number)}`)
    .join(', ');
  const types = Object.entries(summary.leaveRequestsByType)
    .map(([type, number]) => `${type} ${count(number)}`)
    .join(', ');
  const { smallest, median, largest } = summary.companySize;
  say('');
  say(`Seeded in ${summary.seconds} s (seed ${summary.seed}):`);
  say(`  companies        ${count(summary.companies)} (employees each: ${smallest} to ${largest}, median ${median})`);
  say(
    `  users            ${count(summary.users.admins + summary.users.employees)} ` +
      `(${count(summary.users.admins)} admins, ${count(summary.users.employees)} employees)`,
  );
  say(`  employees        ${count(summary.employees)} (${count(summary.invitedEmployees)} invited, not joined yet)`);
  say(
    `  leave requests   ${count(summary.leaveRequests)} from ${summary.leaveHistory.from} to ${summary.leaveHistory.to}`,
  );
  say(`                   ${statuses}`);
  say(`                   ${types}`);
  say(
    `  also             ${count(summary.invitations)} invitations, ${count(summary.subscriptions)} subscriptions, ` +
      `${count(summary.billingCycles)} billing cycles, ${count(summary.paymentRecords)} payment records, ` +
      `${count(summary.auditEntries)} audit entries, ${count(summary.sentEmails)} sent e-mails, ` +
      `${count(summary.securityEvents)} sign-ins`,
  );
  say(
    `  ledger           ${count(summary.balanceEntries)} balance entries, ${count(summary.yearClosings)} year closings, ` +
      `${count(summary.timeCredits)} time credits, ${count(summary.leavePolicies)} leave policies`,
  );
  say(`  teams            ${count(summary.teams)}`);
  say('Sign in (every user has the same password):');
  say(`  password         ${summary.password}`);
  for (const [label, company] of [
    ['largest company', summary.largestCompany],
    ['medium company', summary.mediumCompany],
  ] as const) {
    say(`  ${label.padEnd(16)} #${company.id}, ${count(company.employees)} employees: admin ${company.adminEmail}`);
    if (company.employeeEmail) say(`  ${''.padEnd(16)} employee ${company.employeeEmail}`);
    if (company.approverEmail)
      say(`  ${''.padEnd(16)} approver ${company.approverEmail} (a team of ${company.approverTeamSize})`);
  }
}

/** `npm run seed:scale -- --companies 1000 --employees 50000 --years 3 [--seed 1] [--database-url …]` */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string', default: String(SCALE_DEFAULTS.companies) },
      employees: { type: 'string', default: String(SCALE_DEFAULTS.employees) },
      years: { type: 'string', default: String(SCALE_DEFAULTS.years) },
      seed: { type: 'string', default: String(SCALE_DEFAULTS.seed) },
      'database-url': { type: 'string' },
    },
  });
  const options = {
    companies: wholeNumber('companies', values.companies),
    employees: wholeNumber('employees', values.employees),
    years: wholeNumber('years', values.years),
    seed: wholeNumber('seed', values.seed),
  };
  scaleShape(options);

  // The development database, found the way `npm start` finds it.
  let postgres: Service | undefined;
  let databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    postgres = await discoverPostgres(process.env, dataRoot);
    databaseUrl = await ensureDatabase(postgres.url, 'teamfolk');
  }
  try {
    const where = new URL(databaseUrl);
    say(
      `Seeding ${count(options.companies)} companies, ${count(options.employees)} employees, ` +
        `${options.years} years of leave into ${where.host}${where.pathname}...`,
    );
    const summary = await seedScale({
      ...options,
      databaseUrl,
      appDatabaseUrl: process.env.DATABASE_APP_URL,
      onProgress: say,
    });
    printSummary(summary);
  } finally {
    await postgres?.stop();
  }
}

/** Wrong arguments are answered with the reason alone; anything else with its stack. */
function explain(error: unknown): unknown {
  const badArguments =
    error instanceof SeedScaleInputError || String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
  return badArguments ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : error;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(explain(error));
    process.exit(1);
  });
}
