import { REQUEST_TYPE_LABELS } from '@teamfolk/shared/rules';
import type { LeaveRequestRecord } from '@teamfolk/shared/contracts';
import { defaultExporter, type Exporter } from 'react-admin';

/** One row per request with the list's columns in plain values (ISO dates, hours), for spreadsheets. */
export function toCsvRow(leave: LeaveRequestRecord) {
  return {
    employee: leave.employee_name,
    request_type: REQUEST_TYPE_LABELS[leave.request_type],
    leave_type: leave.leave_type,
    start_date: leave.start_date,
    end_date: leave.end_date,
    start_time: leave.start_time ?? '',
    end_time: leave.end_time ?? '',
    days: leave.days_count,
    hours: leave.hours_count,
    reason: leave.reason ?? '',
    status: leave.status,
    submitted_at: leave.created_at,
    decided_at: leave.decided_at ?? '',
  };
}

/** react-admin's CSV exporter (leaves.csv) over the current filters and sort. */
export const exportLeaves: Exporter<LeaveRequestRecord> = (leaves, fetchRelatedRecords, dataProvider, resource) =>
  defaultExporter(leaves.map(toCsvRow), fetchRelatedRecords, dataProvider, resource);
