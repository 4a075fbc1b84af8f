import { accountsAndOutbox } from './0001-accounts-and-outbox';
import { subscriptions } from './0002-subscriptions';

/** In order; a new migration is appended, never edited once landed. */
export const migrations = [accountsAndOutbox, subscriptions];
