import { subDays } from 'date-fns';
import { SECURITY_EVENT_RETENTION_DAYS } from '../contracts';

/** As of `asOf`, the security log keeps the rows created at or after this moment. */
export function securityEventsKeptFrom(asOf: Date): Date {
  return subDays(asOf, SECURITY_EVENT_RETENTION_DAYS);
}
