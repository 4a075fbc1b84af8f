export * from './billing';
export * from './balances';
