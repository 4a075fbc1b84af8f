import { accountsAndOutbox } from './0001-accounts-and-outbox';

/** In order; a new migration is appended, never edited once landed. */
export const migrations = [accountsAndOutbox];
