/** Unit tests for pure rules; integration tests against the real Postgres and Redis. */
const transform = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
  // ESM-only dependencies (otplib's @scure/base and @noble/hashes 2): Node 20 requires them natively,
  // jest on Node < 24.9 cannot, so they are compiled to CommonJS like our own sources.
  '^.+\\.js$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
/** node_modules stay untransformed, except the ESM-only packages above (wherever npm nested them). */
const transformIgnorePatterns = ['^(?!.*/node_modules/(@scure|@noble)/).*/node_modules/'];
const moduleNameMapper = {
  '^@teamfolk/(shared|services|workers)$': '<rootDir>/$1/src/index.ts',
  '^@teamfolk/(shared|services)/(.*)$': '<rootDir>/$1/src/$2',
};
const common = { rootDir: __dirname, transform, transformIgnorePatterns, moduleNameMapper, testEnvironment: 'node' };
/**
 * Tests that time the API under load: they run after the others, one file at a time (`serial`), so
 * that no other test file shares the machine's cores with their measurement.
 */
const timedUnderLoad = ['<rootDir>/services/src/http/company-bulkhead.test.ts'];
/** The slowest integration files (about three minutes together): their own tier, `npm run test:slow`. */
const slow = [
  '<rootDir>/tests/security/fuzz.test.ts',
  '<rootDir>/tests/security/authorization-matrix.test.ts',
  '<rootDir>/services/src/auth/two-factor.test.ts',
  '<rootDir>/services/src/auth/rate-limits.test.ts',
];
/**
 * Test files of the back-end packages that touch no database, Redis, network or child process: they
 * run with the unit tests, without the integration hooks.
 */
const pureBackEnd = [
  '<rootDir>/services/src/calendar/calendar-file.test.ts',
  '<rootDir>/services/src/calendar/ical-events.test.ts',
  '<rootDir>/services/src/calendar/ical-text.test.ts',
  '<rootDir>/services/src/calendar/ical-zones.test.ts',
  '<rootDir>/services/src/calendar/name-order.test.ts',
  '<rootDir>/workers/src/email/compose.test.ts',
  '<rootDir>/workers/src/jobs.test.ts',
  '<rootDir>/scripts/src/bundle-sizes.test.ts',
  '<rootDir>/scripts/src/production-image.test.ts',
];
const integrationHooks = {
  globalSetup: '<rootDir>/shared/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/shared/src/testing/global-teardown.ts',
  // Fails a test in which code asked for a pooled connection while holding one.
  setupFilesAfterEnv: ['<rootDir>/shared/src/testing/held-connections.setup.ts'],
};

module.exports = {
  maxWorkers: 2,
  // Integration hooks start a database, the API and the workers; jest reads testTimeout only here.
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/shared/src/**/*.test.ts',
        '<rootDir>/console/src/**/*.test.ts',
        '<rootDir>/deploy/**/*.test.ts',
        ...pureBackEnd,
      ],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/services/src/**/*.test.ts',
        '<rootDir>/workers/src/**/*.test.ts',
        '<rootDir>/scripts/src/**/*.test.ts',
        '<rootDir>/tests/security/**/*.test.ts',
      ],
      testPathIgnorePatterns: ['/node_modules/', ...timedUnderLoad, ...slow, ...pureBackEnd],
      ...integrationHooks,
    },
    {
      ...common,
      displayName: 'slow',
      testMatch: slow,
      ...integrationHooks,
    },
    {
      ...common,
      displayName: 'serial',
      testMatch: timedUnderLoad,
      ...integrationHooks,
    },
    {
      ...common,
      // Fault tests: each file starts its own Postgres, Redis, SMTP sink, API and workers, and breaks
      // them; their hooks and tests carry their own (longer) timeouts. `npm run test:chaos` runs only these.
      displayName: 'chaos',
      testMatch: ['<rootDir>/tests/chaos/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/chaos/global-setup.ts',
    },
  ],
};
