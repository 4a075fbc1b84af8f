import Holidays from 'date-holidays';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  leavePolicySchema,
  REQUEST_TYPES,
  type LeavePolicy,
  type RequestType,
  type WorkPattern,
} from '../../contracts';
import { leaveDaysOf, leaveYearOf, type PatternChange } from '../../rules';
import type { Migration } from '../migrator';
import { APP_ROLE } from '../roles';

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** Approved requests counted per statement. */
const BACKFILL_BATCH = 2_000;

interface ApprovedRow {
  id: number;
  company_id: number;
  employee_id: number;
  request_type: RequestType;
  leave_type: 'full_day' | 'partial_day';
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  patterns: Array<{ effectiveFrom: string; pattern: WorkPattern | null }>;
}

interface CompanyRow {
  id: number;
  today: string;
  country: string | null;
  region: string | null;
  policies: Array<{ appliesFromYear: number; policy: unknown }>;
}

/**
 * The company's pattern as balances.service's calendarOf takes it: the policy of the current leave
 * year (by the start month of the newest policy that has begun), or the default.
 */
function companyPatternOf(company: CompanyRow): WorkPattern {
  const versions = company.policies.map((version) => ({
    appliesFromYear: version.appliesFromYear,
    policy: leavePolicySchema.parse(version.policy),
  }));
  const fallback: LeavePolicy = leavePolicySchema.parse({});
  const begun = versions.findLast(
    (version) => version.appliesFromYear <= leaveYearOf(company.today, version.policy.leave_year_start_month),
  );
  const currentYear = leaveYearOf(company.today, (begun?.policy ?? fallback).leave_year_start_month);
  return (versions.findLast((version) => version.appliesFromYear <= currentYear)?.policy ?? fallback).work_pattern;
}

/**
 * A country's public holidays (services/src/calendar/holidays.ts counts the same), by date, over the
 * years of a request. Each country, region and year is worked out once per backfill: building the
 * calendar costs milliseconds, and a backfill meets millions of requests.
 */
function holidayCalendar(): (country: string | null, region: string | null, from: string, to: string) => Set<string> {
  const byYear = new Map<string, Set<string>>();
  const yearOf = (country: string, region: string | null, year: number) => {
    const key = `${country}|${region ?? ''}|${year}`;
    let dates = byYear.get(key);
    if (!dates) {
      const calendar = region ? new Holidays(country, region) : new Holidays(country);
      dates = new Set(
        (calendar.getHolidays(year, 'en') || [])
          .filter((holiday) => holiday.type === 'public')
          .map((holiday) => holiday.date.slice(0, 10)),
      );
      byYear.set(key, dates);
    }
    return dates;
  };
  return (country, region, from, to) => {
    if (!country) return new Set();
    const dates = new Set<string>();
    for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++)
      for (const date of yearOf(country, region, year)) if (date >= from && date <= to) dates.add(date);
    return dates;
  };
}

/**
 * Every approved request of a person without leave days gets them, counted as approval counts them
 * today. Also for seeds that insert approved requests directly (scripts' seed-scale): running it again
 * adds only what is missing.
 */
export async function backfillLeaveDays(sequelize: Sequelize, transaction?: Transaction): Promise<void> {
  const companies = new Map(
    (
      await sequelize.query<CompanyRow>(
        `SELECT c.id, (now() AT TIME ZONE c.time_zone)::date::text AS today, c.country, c.region,
                coalesce((SELECT json_agg(json_build_object('appliesFromYear', p.applies_from_year, 'policy', p.policy)
                                          ORDER BY p.applies_from_year)
                            FROM leave_policies p WHERE p.company_id = c.id), '[]') AS policies
           FROM companies c
          WHERE EXISTS (SELECT 1 FROM leave_requests r WHERE r.company_id = c.id AND r.status = 'approved')`,
        { type: QueryTypes.SELECT, transaction },
      )
    ).map((company) => [company.id, { company, pattern: companyPatternOf(company) }]),
  );
  const holidaysOf = holidayCalendar();
  let after = 0;
  for (;;) {
    const rows = await sequelize.query<ApprovedRow>(
      `SELECT r.id, r.company_id, r.employee_id, r.request_type, r.leave_type,
              r.start_date::text AS start_date, r.end_date::text AS end_date,
              to_char(r.start_time, 'HH24:MI') AS start_time, to_char(r.end_time, 'HH24:MI') AS end_time,
              coalesce((SELECT json_agg(json_build_object('effectiveFrom', p.effective_from, 'pattern', p.pattern))
                          FROM employee_work_patterns p
                         WHERE p.company_id = r.company_id AND p.employee_id = r.employee_id), '[]') AS patterns
         FROM leave_requests r
        WHERE r.id > :after AND r.status = 'approved' AND r.employee_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM leave_days d WHERE d.leave_request_id = r.id)
        ORDER BY r.id LIMIT :batch`,
      { replacements: { after, batch: BACKFILL_BATCH }, type: QueryTypes.SELECT, transaction },
    );
    if (rows.length === 0) return;
    const days = rows.flatMap((row) => {
      const { company, pattern } = companies.get(row.company_id)!;
      const patterns: PatternChange[] = row.patterns;
      const calendar = {
        companyPattern: pattern,
        patterns,
        holidays: holidaysOf(company.country, company.region, row.start_date, row.end_date),
      };
      const period = {
        leaveType: row.leave_type,
        startDate: row.start_date,
        endDate: row.end_date,
        startTime: row.start_time,
        endTime: row.end_time,
      };
      return leaveDaysOf(
        { id: row.id, employeeId: row.employee_id, requestType: row.request_type, period },
        calendar,
      ).map((day) => ({
        company_id: row.company_id,
        employee_id: day.employeeId,
        leave_request_id: day.leaveRequestId,
        date: day.date,
        request_type: day.requestType,
        days: day.days,
        hours: day.hours,
      }));
    });
    await sequelize.query(
      `INSERT INTO leave_days (company_id, employee_id, leave_request_id, date, request_type, days, hours)
       SELECT company_id, employee_id, leave_request_id, date, request_type, days, hours
         FROM jsonb_to_recordset(:days::jsonb) AS x(company_id integer, employee_id integer,
              leave_request_id integer, date date, request_type text, days numeric, hours numeric)`,
      { replacements: { days: JSON.stringify(days) }, transaction },
    );
    after = rows.at(-1)!.id;
  }
}

/**
 * Leave days (issue 31): one row per working day of each approved request, with the days (a partial
 * day's fraction) and hours that day counts by the balances' rules (work pattern in force, public
 * holidays). The reports sum them in SQL; services/src/reports/leave-days.repository.ts writes them
 * when a request is approved and removes them when it is withdrawn, in the same transaction.
 * Row-level security as on every tenant table.
 */
export const leaveDays: Migration = {
  name: '0025-leave-days',
  async up({ context: sequelize }) {
    await sequelize.transaction(async (transaction) => {
      await sequelize.query(
        `
      CREATE TABLE leave_days (
        company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
        employee_id integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
        leave_request_id integer NOT NULL REFERENCES leave_requests (id) ON DELETE CASCADE,
        date date NOT NULL,
        request_type text NOT NULL CHECK (request_type IN (${quoted(REQUEST_TYPES)})),
        days numeric(3, 1) NOT NULL CHECK (days >= 0 AND days <= 1),
        hours numeric(4, 1) NOT NULL CHECK (hours >= 0 AND hours <= 24),
        PRIMARY KEY (leave_request_id, date)
      );
      ALTER TABLE leave_days ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
      DO $$
      BEGIN
        EXECUTE format('CREATE POLICY schema_owner ON leave_days TO %I USING (true) WITH CHECK (true)', current_user);
      END $$;
      CREATE POLICY company_rows ON leave_days
        USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
      GRANT SELECT, INSERT, DELETE ON leave_days TO ${APP_ROLE};
    `,
        { transaction },
      );
      await backfillLeaveDays(sequelize, transaction);
      // Built after the backfill: on millions of rows, one sort per index beats updating three per insert.
      await sequelize.query(
        `
      -- The summaries and the rate: a company's days in a range, summed without reading the heap.
      CREATE INDEX leave_days_company_date_idx ON leave_days (company_id, date)
        INCLUDE (employee_id, request_type, days, hours);
      -- The Bradford factor: a company's sick days of 52 weeks.
      CREATE INDEX leave_days_company_sick_idx ON leave_days (company_id, date)
        INCLUDE (employee_id, days) WHERE request_type = 'sick_day';
      CREATE INDEX leave_days_employee_idx ON leave_days (employee_id, date);
    `,
        { transaction },
      );
    });
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE leave_days;');
  },
};
