export * from './discovery';
