export * from './auth';
export * from './constants';
export * from './employees';
export * from './leaves';
export * from './texts';
