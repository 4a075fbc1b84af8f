/** Unit tests for pure rules; integration tests against the real Postgres and Redis. */
const transform = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
const moduleNameMapper = {
  '^@teamfolk/(shared|services|workers)$': '<rootDir>/$1/src/index.ts',
  '^@teamfolk/shared/(.*)$': '<rootDir>/shared/src/$1',
};
const common = { rootDir: __dirname, transform, moduleNameMapper, testEnvironment: 'node' };

module.exports = {
  maxWorkers: 2,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/shared/src/**/*.test.ts', '<rootDir>/console/src/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/services/src/**/*.test.ts', '<rootDir>/workers/src/**/*.test.ts'],
      globalSetup: '<rootDir>/shared/src/testing/global-setup.ts',
      globalTeardown: '<rootDir>/shared/src/testing/global-teardown.ts',
      testTimeout: 30000,
    },
  ],
};
