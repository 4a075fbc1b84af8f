export * from './metrics';
export * from './operator-auth';
export * from './queues';
export * from './readiness';
