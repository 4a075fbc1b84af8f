/**
 * The services package's test kit: what test files outside services/src (tests/, workers, scripts)
 * may import from it. Test-only, so the package build leaves it out.
 */
export * from './api-process';
export * from './factories';
export * from './harness';
export * from './ical-file-text';
export * from './load';
export * from './route-table';
export * from './signed-in';
export * from './stripe-stub';
export * from './zip';
/** Internals the adversarial suites drive directly: e-mail tokens and export links. */
export { issueEmailToken } from '../auth/tokens';
export { ExportLinks } from '../privacy/export-links';
