export * from './test-database';
export * from './test-redis';
export * from './application-scoping';
export * from './metrics-text';
export * from './traces';
export * from './held-connections';
export * from './owner-outside-contexts';
export * from './migrations';
