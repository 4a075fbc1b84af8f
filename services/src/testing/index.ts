/**
 * The services package's test kit: what test files outside services/src (tests/, workers, scripts)
 * may import from it. Test-only, so the package build leaves it out.
 */
export * from './api-process';
export * from './factories';
export * from './harness';
export * from './load';
export * from './stripe-stub';
export * from './zip';
/** Internals the adversarial suites drive directly: the app's route list, e-mail tokens, export links. */
export { routeKey, routeTable, type RouteEntry } from '../http/route-table';
export { issueEmailToken } from '../auth/tokens';
export { ExportLinks } from '../privacy/export-links';
