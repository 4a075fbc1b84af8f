export * from './links';
export * from './sink';
