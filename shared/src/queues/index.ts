export * from './catalogue';
export * from './connection';
