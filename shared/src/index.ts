export * from './config/config';
export * from './contracts';
export * from './db';
export * from './infra';
export * from './logger';
export * from './mail';
export * from './queues';
export * from './rules';
