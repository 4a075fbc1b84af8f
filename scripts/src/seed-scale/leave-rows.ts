import { LEAVE_STATUSES, LEAVE_TYPES, REQUEST_TYPES, type LeaveRequestRecord } from '@teamfolk/shared';
import { toLeaveRecord } from '@teamfolk/services';
import { BulkWriter, type TableBatch } from './bulk-writer';
import { DAY_MS, isoDay } from './days';
import { countOf, periodOfRow, requestTypeOf, takenEntriesOf, type CompanyLedger } from './ledger-history';
import type { LeaveStore } from './leaves';
import { connect, deferForeignKeyChecks } from './owner-session';
import {
  BALANCE_ENTRY_COLUMNS,
  LEAVE_COLUMNS,
  LEAVE_DAY_COLUMNS,
  type AuditRow,
  type BalanceEntryRow,
  type LeaveDayRow,
  type LeaveRow,
} from './tables';
import { LEAVE_REASONS } from './vocabulary';

/**
 * The generated requests in the order they are written: oldest submission first, with ids in that
 * order, as a real history has them (a company's requests spread over the table, not in one block).
 */
export interface LeaveHistory {
  store: LeaveStore;
  /** Row indexes of the store by submission time; the request at rank r gets id `firstId + r`. */
  order: Uint32Array;
  firstId: number;
  employeeNames: ReadonlyMap<number, string>;
  /** Each company's policy and calendar, which count the approved requests' ledger entries. */
  companyLedgers: ReadonlyMap<number, CompanyLedger>;
}

const nullIfNegative = (value: number | undefined) => (value === undefined || value < 0 ? null : value);
const nullIfNaN = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? null : value);
const clockOf = (minutes: number | null) =>
  minutes === null
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function leaveRow(history: LeaveHistory, rank: number): LeaveRow {
  const { store } = history;
  const row = history.order[rank] ?? 0;
  const employeeId = store.employeeId[row] ?? 0;
  const createdAt = store.createdAt[row] ?? 0;
  const decidedAt = nullIfNaN(store.decidedAt[row]);
  return {
    id: history.firstId + rank,
    company_id: store.companyId[row] ?? 0,
    employee_id: employeeId,
    user_id: store.userId[row] ?? 0,
    employee_name: history.employeeNames.get(employeeId) ?? '',
    request_type: REQUEST_TYPES[store.requestType[row] ?? 0] ?? 'other',
    leave_type: LEAVE_TYPES[store.leaveType[row] ?? 0] ?? 'full_day',
    start_date: store.startDay[row] ?? 0,
    end_date: store.endDay[row] ?? 0,
    start_time: nullIfNegative(store.startMinute[row]),
    end_time: nullIfNegative(store.endMinute[row]),
    reason: LEAVE_REASONS[store.reason[row] ?? 0] ?? null,
    days_count: store.daysTenths[row] ?? 0,
    hours_count: store.hoursTenths[row] ?? 0,
    status: LEAVE_STATUSES[store.status[row] ?? 0] ?? 'pending',
    created_by: store.createdBy[row] ?? 0,
    decided_by: store.decidedBy[row] || null,
    decided_at: decidedAt,
    created_at: createdAt,
    updated_at: decidedAt ?? createdAt,
  };
}

/** A stored request as the API returns it and audits it: the leaves service's own record of it. */
function leaveRecord(row: LeaveRow): LeaveRequestRecord {
  return toLeaveRecord({
    id: row.id,
    employee_id: row.employee_id,
    employee_name: row.employee_name,
    request_type: row.request_type as LeaveRequestRecord['request_type'],
    leave_type: row.leave_type as LeaveRequestRecord['leave_type'],
    start_date: isoDay(row.start_date),
    end_date: isoDay(row.end_date),
    start_time: clockOf(row.start_time),
    end_time: clockOf(row.end_time),
    reason: row.reason,
    days_count: row.days_count / 10,
    hours_count: row.hours_count / 10,
    status: row.status as LeaveRequestRecord['status'],
    created_at: new Date(row.created_at),
    decided_at: row.decided_at === null ? null : new Date(row.decided_at),
  });
}

/**
 * The audit entries the leaves service wrote for the requests of the last `days` days: the
 * submission, and the decision or withdrawal when it came. (Older history has none, as if the log
 * were kept for that long.)
 */
export async function auditRecentLeaves(
  writer: BulkWriter,
  audit: TableBatch<AuditRow>,
  history: LeaveHistory,
  now: number,
  days: number,
): Promise<void> {
  const since = now - days * DAY_MS;
  for (let rank = history.order.length - 1; rank >= 0; rank--) {
    const row = leaveRow(history, rank);
    if (row.created_at < since) break;
    const entry = { company_id: row.company_id, entity: 'leave_request', entity_id: String(row.id) };
    const record = leaveRecord(row);
    const submitted = { ...record, status: 'pending', decided_at: null };
    audit.add({
      ...entry,
      actor_user_id: row.created_by,
      action: 'leave.submitted',
      before: null,
      after: JSON.stringify(submitted),
      created_at: row.created_at,
    });
    if (row.decided_at !== null && row.decided_by !== null) {
      audit.add({
        ...entry,
        actor_user_id: row.decided_by,
        action:
          row.status === 'approved'
            ? 'leave.approved'
            : row.status === 'rejected'
              ? 'leave.rejected'
              : 'leave.cancelled',
        before: JSON.stringify(submitted),
        after: JSON.stringify(record),
        created_at: row.decided_at,
      });
    }
    if (rank % 1_000 === 0) await writer.settle();
  }
}

const toTenths = (value: number) => Math.round(value * 10);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * What approving the request recorded: the `leave` entries (one per working day, in the leave year
 * of each) and its leave days, the reports' rows (migration 0025), both from one count.
 */
function approvalRows(history: LeaveHistory, rank: number, leave: LeaveRow) {
  if (leave.status !== 'approved') return { entries: [], days: [] };
  const company = history.companyLedgers.get(leave.company_id);
  const row = history.order[rank] ?? 0;
  if (!company) throw new Error(`No ledger for company ${leave.company_id}`);
  const period = periodOfRow(history.store, row);
  const count = countOf(company, period);
  const entries = takenEntriesOf(company, requestTypeOf(history.store, row), period, leave.id, count).map(
    ({ leaveYear, ...entry }): BalanceEntryRow => ({
      company_id: leave.company_id,
      employee_id: leave.employee_id,
      leave_year: leaveYear,
      balance: entry.balance,
      kind: entry.kind,
      figure: entry.figure,
      entry_date: dayNumber(entry.date),
      amount: toTenths(entry.amount),
      note: entry.note,
      leave_request_id: entry.leave_request_id,
      time_credit_id: null,
      created_at: leave.decided_at ?? leave.created_at,
    }),
  );
  const days = count.perDay.map((day): LeaveDayRow => ({
    company_id: leave.company_id,
    employee_id: leave.employee_id,
    leave_request_id: leave.id,
    date: dayNumber(day.date),
    request_type: leave.request_type,
    days: toTenths(day.days),
    hours: toTenths(day.hours),
  }));
  return { entries, days };
}

/**
 * Writes the requests over `connections` connections at once, batches taking turns, each
 * connection in a transaction of its own: one Postgres backend inserts a batch while another
 * inserts the next and Node builds the one after. The rows they refer to must be committed before.
 * The ledger entries of the approved ones go with them. Returns whether the foreign keys were left
 * to the caller to check (see `deferForeignKeyChecks`), and how many entries were written.
 */
export async function writeLeaveRows(
  databaseUrl: string,
  history: LeaveHistory,
  batchRows: number,
  connections: number,
  onProgress: (written: number) => void,
): Promise<{ deferred: boolean; leaveEntries: number }> {
  const clients = await Promise.all(Array.from({ length: connections }, () => connect(databaseUrl)));
  try {
    let deferred = false;
    for (const client of clients) {
      await client.query('BEGIN');
      deferred = await deferForeignKeyChecks(client);
    }
    const writers = clients.map((client) => new BulkWriter(client, batchRows));
    const batches = writers.map((writer) => writer.table<LeaveRow>('leave_requests', LEAVE_COLUMNS));
    const entryBatches = writers.map((writer) =>
      writer.table<BalanceEntryRow>('balance_entries', BALANCE_ENTRY_COLUMNS),
    );
    const dayBatches = writers.map((writer) => writer.table<LeaveDayRow>('leave_days', LEAVE_DAY_COLUMNS));
    for (let rank = 0; rank < history.order.length; rank++) {
      const lane = Math.floor(rank / batchRows) % connections;
      const leave = leaveRow(history, rank);
      batches[lane]?.add(leave);
      const approval = approvalRows(history, rank, leave);
      for (const entry of approval.entries) entryBatches[lane]?.add(entry);
      for (const day of approval.days) dayBatches[lane]?.add(day);
      if (rank % batchRows === batchRows - 1) {
        await writers[lane]?.settle();
        if ((rank + 1) % (50 * batchRows) === 0) onProgress(rank + 1);
      }
    }
    await Promise.all(writers.map((writer) => writer.flush()));
    await Promise.all(clients.map((client) => client.query('COMMIT')));
    return { deferred, leaveEntries: entryBatches.reduce((sum, batch) => sum + batch.written, 0) };
  } catch (error) {
    await Promise.all(clients.map((client) => client.query('ROLLBACK').catch(() => undefined)));
    throw error;
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}
