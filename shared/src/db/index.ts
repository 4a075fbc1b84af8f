export * from './database';
export * from './migrator';
export * from './models';
export * from './outbox';
export * from './roles';
export * from './tenancy';
export * from './batched-transaction';
export * from './security-log';
