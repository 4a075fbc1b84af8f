import os from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, differenceInCalendarDays, eachDayOfInterval, format, isWeekend, parseISO } from 'date-fns';
import { Client } from 'pg';
import { discoverPostgres, discoverRedis, type PublicHoliday, type Service } from '@teamfolk/shared';
import { buildConsoleIfStale } from '../console-build';
import { consoleDist, dataRoot } from '../paths';
import { measureEntryScripts } from '../bundle-sizes';
import { ADMIN_READ_PATHS, bearer, productionEnvironment, signIn, startHttpProcess } from './api-under-test';
import { prepareBenchDatabase } from './bench-database';
import {
  answeredOk,
  FIXED_RATE,
  failed,
  isolationOf,
  measure,
  saturationOf,
  type Scenario,
  type ScenarioFigures,
} from './http-load';
import { startNode } from './processes';
import { measureOutboxToMail } from './queue-bench';
import { explainCalendarMonth } from './explain';
import { compareBuilds } from './mechanisms';
import { explainLongestLedger, judgeLedger, ledgerScenarios } from './ledger-bench';
import { benchLines, parseLines } from './lines-bench';
import { ensureLeaveDaysTimed, judgeReports, reportScenarios } from './reports-bench';
import { judgeTeams, teamsBenchScenarios, TEAMS_READS } from './teams-bench';
import {
  CALENDAR_FIRST_VIEW,
  CALENDAR_MONTH,
  EXPRESS_BASELINE,
  ISOLATION_READ,
  judge,
  LIGHT_READS,
  PAIRED_ROUNDS,
  printReport,
  writeResults,
  type BenchResults,
} from './report';

const say = (line: string) => process.stdout.write(`${line}\n`);

const { values: args } = parseArgs({
  options: {
    companies: { type: 'string', default: '1000' },
    employees: { type: 'string', default: '50000' },
    years: { type: 'string', default: '3' },
    seed: { type: 'string', default: '2026' },
    duration: { type: 'string', default: '5' },
    reseed: { type: 'boolean', default: false },
    // Another checkout whose API to run beside this one's (see mechanisms.ts), instead of the benchmark.
    mechanisms: { type: 'string' },
    rounds: { type: 'string', default: '6' },
    latency: { type: 'boolean', default: false },
    // `ledger`, `teams`, `reports` or a comma list: only those lines and their baseline (lines-bench.ts).
    lines: { type: 'string' },
  },
});

const stopStack: Array<() => Promise<void>> = [];

/** Requests per second of the other company's reads while one company bursts: its users clicking. */
const ISOLATION_RATE = 50;

/** Weekdays of a year no seeded leave reaches (years ahead), minus the company's public holidays. */
async function futureWorkingDays(baseUrl: string, token: string, yearsAhead = 6): Promise<string[]> {
  const first = new Date(Date.UTC(new Date().getUTCFullYear() + yearsAhead, 0, 1));
  const last = addDays(first, 364);
  const response = await fetch(
    `${baseUrl}/api/calendar/holidays?start=${format(first, 'yyyy-MM-dd')}&end=${format(last, 'yyyy-MM-dd')}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const holidays = new Set(((await response.json()) as PublicHoliday[]).map((holiday) => holiday.date));
  return eachDayOfInterval({ start: first, end: last })
    .filter((day) => !isWeekend(day))
    .map((day) => format(day, 'yyyy-MM-dd'))
    .filter((day) => !holidays.has(day));
}

async function queryRows<T extends object>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** A scenario whose requests are sent as this user, signed in just before it is measured. */
type BenchScenario = Scenario & { signedInAs?: string };

async function main(): Promise<void> {
  const seedOptions = {
    companies: Number(args.companies),
    employees: Number(args.employees),
    years: Number(args.years),
    seed: Number(args.seed),
  };
  const durationSeconds = Number(args.duration);
  const startedAt = new Date();

  const postgres: Service = await discoverPostgres(process.env, dataRoot);
  stopStack.push(postgres.stop);
  const redis = await discoverRedis(process.env);
  stopStack.push(redis.stop);
  const { databaseUrl, summary } = await prepareBenchDatabase(postgres.url, seedOptions, args.reseed, say);
  if (args.mechanisms) {
    await compareBuilds({
      otherTree: args.mechanisms,
      databaseUrl,
      redisUrl: redis.url,
      summary,
      rounds: Number(args.rounds),
      durationSeconds,
      withLatency: args.latency,
      stopStack,
      say,
    });
    return;
  }
  if (args.lines !== undefined) {
    const lines = parseLines(args.lines);
    await benchLines(lines, { databaseUrl, redisUrl: redis.url, summary, durationSeconds, stopStack, say });
    return;
  }
  buildConsoleIfStale(say);
  const runId = startedAt.getTime().toString(36);
  const productionEnv = productionEnvironment(databaseUrl, redis.url, runId);

  await ensureLeaveDaysTimed(databaseUrl, say);

  say('Starting the baselines and the API (NODE_ENV=production, LOG_LEVEL=info)...');
  const [baselineEmployee] = await queryRows<{ id: number }>(
    databaseUrl,
    'SELECT id FROM employees WHERE company_id = $1 ORDER BY id LIMIT 1',
    [summary.mediumCompany.id],
  );
  const baselineEnv = { PATH: process.env.PATH, DATABASE_URL: databaseUrl, EMPLOYEE_ID: String(baselineEmployee!.id) };
  const nodeHttp = await startHttpProcess(
    'scripts/dist/bench/baseline-node-http.js',
    baselineEnv,
    '/healthz',
    stopStack,
  );
  const expressPg = await startHttpProcess(
    'scripts/dist/bench/baseline-express.js',
    baselineEnv,
    '/healthz',
    stopStack,
  );
  const api = await startHttpProcess(
    'services/dist/main.js',
    { ...productionEnv, WEB_CONCURRENCY: '1' },
    '/readyz',
    stopStack,
  );
  const apiUrl = api.baseUrl;

  const mediumAdmin = await signIn(apiUrl, summary.mediumCompany.adminEmail, summary.password);
  /**
   * A console swaps in the renewed token the API hands back once its token is a minute old
   * (X-Session-Token); the load generator sends the same headers throughout. So each measurement
   * signs in afresh and its requests carry a token as young as a console's: one token kept for the
   * whole run was signed anew on every request after its first minute.
   */
  const measureSignedIn = async (scenario: BenchScenario) => {
    const headers = scenario.signedInAs
      ? bearer(await signIn(new URL(scenario.url).origin, scenario.signedInAs, summary.password))
      : scenario.headers;
    return measure({ ...scenario, headers }, durationSeconds);
  };
  const mediumAdminEmail = summary.mediumCompany.adminEmail;
  const largestAdminEmail = summary.largestCompany.adminEmail;

  const mediumEmployees = await queryRows<{ id: number }>(
    databaseUrl,
    'SELECT id FROM employees WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id',
    [summary.mediumCompany.id],
  );
  // Writes take working days no seeded leave touches, one employee after another, so none overlaps another.
  const workingDays = await futureWorkingDays(apiUrl, mediumAdmin);
  let leaveCounter = 0;
  const benchReason = `bench ${runId}`;
  // The benchmark's own leave requests go again afterwards (and those of a run that was cut short).
  const removeBenchLeaves = () =>
    queryRows(databaseUrl, "DELETE FROM leave_requests WHERE company_id = $1 AND reason LIKE 'bench %'", [
      summary.mediumCompany.id,
    ]).then(() => undefined);
  await removeBenchLeaves();
  // The rows earlier runs removed leave no dead index entries for this run's writes to walk past.
  await queryRows(databaseUrl, 'VACUUM (INDEX_CLEANUP ON) leave_requests');
  stopStack.push(removeBenchLeaves);
  const nextLeave = () => {
    const employee = mediumEmployees[leaveCounter % mediumEmployees.length]!;
    const day = workingDays[Math.floor(leaveCounter / mediumEmployees.length) % workingDays.length]!;
    leaveCounter += 1;
    return {
      path: '/api/leaves',
      body: JSON.stringify({
        start_date: day,
        end_date: day,
        request_type: 'other',
        leave_type: 'full_day',
        reason: benchReason,
        employee_id: employee.id,
      }),
    };
  };

  const today = new Date();
  const firstOfMonth = new Date(today.getFullYear(), today.getMonth(), 1);
  const lastOfMonth = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  const monthStart = format(firstOfMonth, 'yyyy-MM-dd');
  const monthEnd = format(lastOfMonth, 'yyyy-MM-dd');
  const monthPath = (daysBack: number) =>
    `/api/calendar/events?start=${format(addDays(firstOfMonth, -daysBack), 'yyyy-MM-dd')}` +
    `&end=${format(addDays(lastOfMonth, -daysBack), 'yyyy-MM-dd')}`;
  const seededDaysBack = differenceInCalendarDays(firstOfMonth, parseISO(summary.leaveHistory.from));
  // The budget is the route's time ("under 20 ms"), not a rate: ~2,400 events and 440 kB of JSON
  // take about 14 ms of one core to make, so 200 requests/s of them would only measure a queue.
  const calendarMonth: BenchScenario = {
    name: CALENDAR_MONTH,
    kind: 'read',
    fixedRate: 20,
    url: `${apiUrl}${monthPath(0)}`,
    signedInAs: largestAdminEmail,
  };
  // Each request a month a day earlier than the one before (within the seeded years), so none is a
  // reply the API kept: what the first look at a month costs, and the first after its leave changed.
  let firstViews = 0;
  const calendarFirstView: BenchScenario = {
    ...calendarMonth,
    name: CALENDAR_FIRST_VIEW,
    nextRequest: () => ({ path: monthPath(firstViews++ % seededDaysBack) }),
  };
  const adminRead = (name: keyof typeof ADMIN_READ_PATHS): BenchScenario => ({
    name,
    kind: 'read',
    url: `${apiUrl}${ADMIN_READ_PATHS[name]}`,
    signedInAs: mediumAdminEmail,
  });
  const reads: BenchScenario[] = [
    adminRead('GET /api/auth/me'),
    adminRead('GET /api/employees (page of 25)'),
    adminRead('GET /api/employees (all 200)'),
    adminRead('GET /api/leaves (pending, page of 25)'),
    calendarMonth,
    calendarFirstView,
    adminRead('GET /api/dashboard/upcoming-events'),
    {
      name: 'GET /api/calendar/export/ical (2,000 employees)',
      kind: 'read',
      // A whole file of two years of a 2,000-person company: far fewer than 200 requests/s fit.
      fixedRate: 5,
      url: `${apiUrl}/api/calendar/export/ical`,
      signedInAs: largestAdminEmail,
    },
    ...(await ledgerScenarios(apiUrl, databaseUrl, summary)),
    ...(await teamsBenchScenarios(apiUrl, databaseUrl)),
    ...reportScenarios(apiUrl, summary),
  ];
  const baselines: Scenario[] = [
    { name: 'baseline: node:http + pg', kind: 'baseline', url: `${nodeHttp.baseUrl}/employee` },
    { name: 'baseline: Express + pg', kind: 'baseline', url: `${expressPg.baseUrl}/employee` },
  ];

  const figures = new Map<string, ScenarioFigures>();
  for (const scenario of [...baselines, ...reads]) {
    say(`  ${scenario.name}`);
    figures.set(scenario.name, await measureSignedIn(scenario));
  }
  const expressBaseline = baselines.find((scenario) => scenario.name === EXPRESS_BASELINE)!;
  // The teams' reads are held to the light reads' ratio, so they take the same paired rounds.
  const pairedReads = [...LIGHT_READS, ...TEAMS_READS];
  const pairedRatios: Record<string, number[]> = Object.fromEntries(pairedReads.map((name) => [name, []]));
  for (let round = 1; round <= PAIRED_ROUNDS; round += 1) {
    say(`  light and teams reads against ${EXPRESS_BASELINE}, round ${round} of ${PAIRED_ROUNDS}`);
    for (const name of pairedReads) {
      const read = reads.find((scenario) => scenario.name === name)!;
      const headers = bearer(await signIn(apiUrl, read.signedInAs!, summary.password));
      const baseline = await saturationOf(expressBaseline, durationSeconds);
      const route = await saturationOf({ ...read, headers }, durationSeconds);
      pairedRatios[name]!.push(route.requestsPerSecond / baseline.requestsPerSecond);
    }
  }
  await nodeHttp.stop();
  await expressPg.stop();

  say('  POST /api/leaves');
  const submitted = await measureSignedIn({
    name: 'POST /api/leaves',
    kind: 'write',
    method: 'POST',
    url: `${apiUrl}/api/leaves`,
    signedInAs: mediumAdminEmail,
    nextRequest: nextLeave,
  });
  figures.set('POST /api/leaves', submitted);
  const [written] = await queryRows<{ rows: string; distinct_days: string }>(
    databaseUrl,
    `SELECT count(*) AS rows, count(DISTINCT (employee_id, start_date)) AS distinct_days
       FROM leave_requests WHERE company_id = $1 AND reason = $2`,
    [summary.mediumCompany.id, benchReason],
  );
  // Approvals take the pending requests just submitted, then as many more written directly (a later
  // year, so none overlaps), enough for both phases at any speed: each day's requests a team's cap on
  // who may be away at once allows (issue 30), as its approver could approve them.
  const [capacity] = await queryRows<{ allowed_per_day: number }>(
    databaseUrl,
    `SELECT coalesce(sum(CASE WHEN t.max_absent IS NULL THEN m.members ELSE least(m.members, t.max_absent) END),
                     0)::integer AS allowed_per_day
       FROM (SELECT team_id, count(*) AS members FROM employees WHERE company_id = $1 AND deleted_at IS NULL
              GROUP BY team_id) m
       LEFT JOIN teams t ON t.id = m.team_id`,
    [summary.mediumCompany.id],
  );
  const approvalsNeeded = 2 * FIXED_RATE * durationSeconds + 1;
  const laterWorkingDays = (await futureWorkingDays(apiUrl, mediumAdmin, 7)).slice(
    0,
    Math.ceil(approvalsNeeded / Math.max(capacity?.allowed_per_day ?? 0, 1)),
  );
  await queryRows(
    databaseUrl,
    `INSERT INTO leave_requests (company_id, employee_id, user_id, employee_name, request_type, leave_type,
                                 start_date, end_date, reason, days_count, hours_count, status)
     SELECT e.company_id, e.id, e.user_id, e.name, 'other', 'full_day', day, day, $2, 1, 8, 'pending'
       FROM employees e CROSS JOIN unnest($3::date[]) AS day
      WHERE e.company_id = $1 AND e.deleted_at IS NULL`,
    [summary.mediumCompany.id, benchReason, laterWorkingDays],
  );
  const pending = await queryRows<{ id: number }>(
    databaseUrl,
    `SELECT id FROM (SELECT l.id, t.max_absent,
                            row_number() OVER (PARTITION BY e.team_id, l.start_date ORDER BY l.id) AS place
                       FROM leave_requests l
                       JOIN employees e ON e.id = l.employee_id
                       LEFT JOIN teams t ON t.id = e.team_id
                      WHERE l.company_id = $1 AND l.reason = $2 AND l.status = 'pending') requested
      WHERE max_absent IS NULL OR place <= max_absent
      ORDER BY id`,
    [summary.mediumCompany.id, benchReason],
  );
  let approveCursor = 0;
  say('  PUT /api/leaves/:id/approve');
  const approved = await measureSignedIn({
    name: 'PUT /api/leaves/:id/approve',
    kind: 'write',
    method: 'PUT',
    url: `${apiUrl}/api/leaves/0/approve`,
    signedInAs: mediumAdminEmail,
    remaining: () => pending.length - approveCursor,
    nextRequest: () => ({
      path: `/api/leaves/${pending[Math.min(approveCursor++, pending.length - 1)]!.id}/approve`,
      body: JSON.stringify({ approved: true }),
    }),
  });
  figures.set('PUT /api/leaves/:id/approve', approved);
  const [decided] = await queryRows<{ approved: string }>(
    databaseUrl,
    `SELECT count(*) FILTER (WHERE status = 'approved') AS approved FROM leave_requests WHERE company_id = $1 AND reason = $2`,
    [summary.mediumCompany.id, benchReason],
  );

  // The bulkhead between companies: the largest company's people page while the medium company
  // sends leave requests flat out (as many as 50 connections carry).
  say(`  ${ISOLATION_READ} of one company while another sends POST /api/leaves`);
  const isolation = await isolationOf(
    {
      name: 'POST /api/leaves (burst)',
      kind: 'write',
      method: 'POST',
      url: `${apiUrl}/api/leaves`,
      headers: bearer(await signIn(apiUrl, mediumAdminEmail, summary.password)),
      nextRequest: nextLeave,
    },
    {
      name: ISOLATION_READ,
      kind: 'read',
      url: `${apiUrl}${ADMIN_READ_PATHS['GET /api/employees (page of 25)']}`,
      headers: bearer(await signIn(apiUrl, largestAdminEmail, summary.password)),
    },
    { durationSeconds, rate: ISOLATION_RATE },
  );
  const apiMemory = api.memory();
  await api.stop();

  // The gain shows where the API's own work is the bottleneck: making a month of a 2,000-person
  // company (a light route, or a kept reply, waits on Postgres and the load generator, which share
  // the same two cores).
  say(`Measuring both cores (WEB_CONCURRENCY=2) on ${calendarFirstView.name}...`);
  const clustered = await startHttpProcess(
    'services/dist/main.js',
    { ...productionEnv, WEB_CONCURRENCY: '2' },
    '/readyz',
    stopStack,
  );
  const clusteredFigures = await measureSignedIn({
    ...calendarFirstView,
    name: `${calendarFirstView.name} (WEB_CONCURRENCY=2)`,
    url: calendarFirstView.url.replace(apiUrl, clustered.baseUrl),
  });
  await clustered.stop();

  say('Measuring outbox → delivered e-mail...');
  let workersMemory = { rssMb: 0, peakRssMb: 0 };
  const queue = await measureOutboxToMail({
    ownerUrl: databaseUrl,
    companyId: summary.mediumCompany.id,
    runId,
    redisUrl: redis.url,
    queuePrefix: productionEnv.QUEUE_PREFIX!,
    async startWorkers(smtpUrl) {
      const workers = startNode('workers/dist/main.js', { ...productionEnv, SMTP_URL: smtpUrl });
      stopStack.push(() => workers.stop());
      return {
        async stop() {
          workersMemory = workers.memory();
          await workers.stop();
        },
      };
    },
  });

  const calendarPlan = await explainCalendarMonth(databaseUrl, summary.largestCompany.id, monthStart, monthEnd);
  const ledgerPlan = await explainLongestLedger(databaseUrl, summary);

  const results: BenchResults = {
    date: startedAt.toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    data: summary,
    durationSeconds,
    routes: Object.fromEntries(figures),
    pairedRatios,
    clustered: { route: calendarFirstView.name, single: figures.get(calendarFirstView.name)!, both: clusteredFigures },
    writes: {
      submitted: {
        answered2xx: answeredOk(submitted),
        errors: failed(submitted),
        rows: Number(written!.rows),
        distinctDays: Number(written!.distinct_days),
      },
      approved: { answered2xx: answeredOk(approved), errors: failed(approved), rows: Number(decided!.approved) },
    },
    isolation,
    queue,
    calendarPlan,
    ledgerPlan,
    memory: { api: apiMemory, workers: workersMemory },
    bundles: measureEntryScripts(consoleDist),
  };
  const verdicts = [
    ...judge(results),
    ...judgeLedger(results.routes, ledgerPlan),
    ...judgeTeams(results.routes, pairedRatios),
    ...judgeReports(results.routes, summary),
  ];
  printReport(results, verdicts, say);
  const file = writeResults(results, verdicts);
  say(`\nResults written to ${file}`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const stop of stopStack.reverse()) await stop().catch(() => undefined);
  });
