export * from './auth';
export * from './billing';
export * from './calendar';
export * from './constants';
export * from './employees';
export * from './leaves';
export * from './texts';
export * from './two-factor';
