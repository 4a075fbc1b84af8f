import { accountsAndOutbox } from './0001-accounts-and-outbox';
import { subscriptions } from './0002-subscriptions';
import { leaveRequests } from './0003-leave-requests';
import { calendarSettings } from './0004-calendar-settings';

/** In order; a new migration is appended, never edited once landed. */
export const migrations = [accountsAndOutbox, subscriptions, leaveRequests, calendarSettings];
