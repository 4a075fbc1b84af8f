export * from './catalogue';
export * from './connection';
export * from './rate-limit-counters';
