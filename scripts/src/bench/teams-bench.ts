import { Client } from 'pg';
import { percentile, type Scenario, type ScenarioFigures } from './http-load';
import type { Verdict } from './report';

/**
 * The benchmark's lines of teams and approvers (issue 30), for main.ts to measure with its reads: an
 * approver's page of leave (their own and their 50-person team's, pending first-come), and the leave
 * dialog's preview. Both are reads a user waits on, held to the light reads' budgets. They run on the
 * scale data seeded with teams (teams of 50 with approvers who have joined). main.ts and lines-bench.ts
 * measure them, take their paired rounds against Express + pg with the light reads', and judge them here.
 */

export const APPROVER_LEAVES = 'GET /api/leaves as an approver of a 50-person team';
export const LEAVE_PREVIEW = 'POST /api/leaves/preview';

/** The lines below, by name. */
export const TEAMS_READS = [APPROVER_LEAVES, LEAVE_PREVIEW] as const;

/** The read-route budgets these lines are held to, as the light reads are (bench/README.md, Budgets). */
export const TEAMS_READ_BUDGETS = {
  /** Throughput at saturation over Express + pg's, median of the paired rounds. */
  minRatioToExpress: 0.85,
  /** p99 at the fixed offered load (200/s). */
  maxP99Ms: 25,
} as const;

/** A scenario sent as this user, signed in just before it is measured (main.ts's BenchScenario). */
export type TeamsBenchScenario = Scenario & { signedInAs: string };

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The team the lines use: the first of at least 50 people whose approver and one member can sign in. */
interface BenchTeam {
  approverEmail: string;
  memberEmail: string;
  /** A working day ahead with no leave of the member's (the preview's day: no overlap refusal). */
  freeDay: string;
}

async function benchTeam(databaseUrl: string): Promise<BenchTeam> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      approver_email: string;
      member_email: string;
      free_day: string;
    }>(
      `SELECT approver.email AS approver_email, member_user.email AS member_email,
              (SELECT day::date::text
                 FROM generate_series(current_date + 7, current_date + 90, interval '1 day') AS day
                WHERE extract(isodow FROM day) < 6
                  AND NOT EXISTS (SELECT 1 FROM leave_requests l
                                   WHERE l.employee_id = member.id AND l.status IN ('pending', 'approved')
                                     AND l.start_date <= day::date AND l.end_date >= day::date)
                ORDER BY day LIMIT 1) AS free_day
         FROM teams t
         JOIN team_approvers a ON a.team_id = t.id
         JOIN employees ae ON ae.id = a.employee_id AND ae.deleted_at IS NULL
         JOIN users approver ON approver.id = ae.user_id AND approver.disabled_at IS NULL
         JOIN LATERAL (SELECT m.id, m.user_id FROM employees m
                        WHERE m.company_id = t.company_id AND m.team_id = t.id AND m.deleted_at IS NULL
                          AND m.user_id IS NOT NULL AND m.id <> ae.id
                        ORDER BY m.id LIMIT 1) member ON true
         JOIN users member_user ON member_user.id = member.user_id AND member_user.disabled_at IS NULL
        WHERE (SELECT count(*) FROM employees m
                WHERE m.company_id = t.company_id AND m.team_id = t.id AND m.deleted_at IS NULL) >= 50
        ORDER BY t.id, a.position
        LIMIT 1`,
    );
    const [row] = rows;
    if (!row?.free_day) throw new Error('The scale data has no team of 50 with a joined approver and member: reseed');
    return {
      approverEmail: row.approver_email,
      memberEmail: row.member_email,
      freeDay: row.free_day,
    };
  } finally {
    await client.end();
  }
}

/**
 * The two lines, shaped as main.ts's reads: an approver's first page of leave (their own and their
 * team's, newest first, as the Leave Requests screen opens), and a member's preview of a day off
 * (one day of 'other' leave, which draws on no balance: the same request each time, as the dialog
 * sends it while the person looks; nothing is written).
 */
export async function teamsBenchScenarios(apiUrl: string, databaseUrl: string): Promise<TeamsBenchScenario[]> {
  const team = await benchTeam(databaseUrl);
  const previewBody = JSON.stringify({
    start_date: team.freeDay,
    end_date: team.freeDay,
    request_type: 'other',
    leave_type: 'full_day',
  });
  return [
    {
      name: APPROVER_LEAVES,
      kind: 'read',
      url: `${apiUrl}/api/leaves?range=${encode([0, 24])}`,
      signedInAs: team.approverEmail,
    },
    {
      name: LEAVE_PREVIEW,
      kind: 'read',
      method: 'POST',
      url: `${apiUrl}/api/leaves/preview`,
      signedInAs: team.memberEmail,
      nextRequest: () => ({ path: '/api/leaves/preview', body: previewBody }),
    },
  ];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Two lines per read: its throughput over Express + pg's, the median of the paired rounds taken in
 * the same run (`pairedRatios`, the baseline measured right before the route each round), and its
 * p99 at the fixed offered load, with no errors in either phase.
 */
export function judgeTeams(routes: Record<string, ScenarioFigures>, pairedRatios: Record<string, number[]>): Verdict[] {
  const { minRatioToExpress, maxP99Ms } = TEAMS_READ_BUDGETS;
  return TEAMS_READS.flatMap((name): Verdict[] => {
    const rounds = pairedRatios[name]!;
    const ratio = percentile(
      [...rounds].sort((a, b) => a - b),
      0.5,
    );
    const route = routes[name]!;
    const errors = route.saturation.errors + route.fixedRate.errors;
    return [
      {
        budget: `${name}: ≥ ${minRatioToExpress} × Express + pg (median of paired rounds)`,
        measured: `${ratio.toFixed(2)} × (${rounds.map((value) => value.toFixed(2)).join(', ')})`,
        pass: ratio >= minRatioToExpress,
      },
      {
        budget: `${name}: p99 < ${maxP99Ms} ms at ${route.offeredRate}/s, no errors`,
        measured: `${ms(route.fixedRate.p99Ms)}, ${errors} errors`,
        pass: route.fixedRate.p99Ms < maxP99Ms && errors === 0,
      },
    ];
  });
}
