export * from './billing';
export * from './balances';
export * from './leaves';
export * from './upcoming-events';
export * from './leave-summary';
export * from './retention';
export * from './iso-days';
export * from './leave-years';
