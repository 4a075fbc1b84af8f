import { format, parseISO } from 'date-fns';
import type { LeaveRequestRecord } from '../contracts';

export const REQUEST_TYPE_LABELS: Record<LeaveRequestRecord['request_type'], string> = {
  vacation: 'Vacation',
  sick_day: 'Sick day',
  hours_bank: 'Hours bank',
  other: 'Other leave',
};

const day = (isoDate: string) => format(parseISO(isoDate), 'EEE d MMM yyyy');

/** One line for e-mails: 'Vacation, Mon 23 Nov 2026 – Wed 25 Nov 2026 (3 days)'. */
export function describeLeave(record: LeaveRequestRecord): string {
  const type = REQUEST_TYPE_LABELS[record.request_type];
  if (record.leave_type === 'partial_day') {
    return `${type}, ${day(record.start_date)} ${record.start_time}–${record.end_time} (${record.hours_count} hours)`;
  }
  const dates =
    record.start_date === record.end_date
      ? day(record.start_date)
      : `${day(record.start_date)} – ${day(record.end_date)}`;
  const days = `${record.days_count} ${record.days_count === 1 ? 'day' : 'days'}`;
  return `${type}, ${dates} (${days})`;
}
