import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An import whose path matches `regex` is refused, with `message` saying what the file may import instead. */
const refuse = (message, regex) => ({ regex, message });
const throughPublicEntries = refuse(
  'Import another package through its public entry (@teamfolk/...), not its src.',
  '^(\\.\\./)+(shared|services|workers|console)/src(/|$)|^@teamfolk/[^/]+/src(/|$)',
);
const noTestKits = refuse('Test kits are for test files only.', '^@teamfolk/[^/]+/testing$');
const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [throughPublicEntries, ...patterns] }],
});
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.setup.ts', '**/src/testing/**'];
/**
 * ARCHITECTURE.md's "may import" column. A package reaches another only through its public entry
 * (`@teamfolk/<package>[/<entry>]`), never through its src by a relative path; test kits
 * (`@teamfolk/<package>/testing`) are for test code only.
 */
const packageBoundaries = [
  { files: ['scripts/**', 'tests/**', 'deploy/**'], rules: restrictImports() },
  {
    files: ['shared/**'],
    rules: restrictImports(refuse('shared imports nothing of ours.', '^@teamfolk/')),
  },
  {
    files: ['services/**'],
    ignores: testFiles,
    rules: restrictImports(
      refuse('services may import shared only.', '^@teamfolk/(?!shared(/contracts|/rules)?$)'),
      noTestKits,
    ),
  },
  {
    // `@teamfolk/services/domain` is the workers' one door into services: the domain services a job
    // runs (billing, employees), the same rules the API applies.
    files: ['workers/**'],
    ignores: testFiles,
    rules: restrictImports(
      refuse(
        'workers may import shared, and services only through @teamfolk/services/domain.',
        '^@teamfolk/(?!shared(/contracts|/rules)?$|services/domain$)',
      ),
      noTestKits,
    ),
  },
  {
    // Integration tests and their kits compose the whole back end (the harness starts the workers).
    files: testFiles.map((pattern) => `{services,workers}/${pattern}`),
    rules: restrictImports(refuse('Back-end tests do not import the console.', '^@teamfolk/console')),
  },
  {
    files: ['scripts/**'],
    ignores: testFiles,
    rules: restrictImports(noTestKits),
  },
  {
    files: ['console/**'],
    rules: restrictImports(
      refuse(
        'console may import browser-safe shared only: @teamfolk/shared/contracts or /rules.',
        '^@teamfolk/(?!shared/(contracts|rules)$)',
      ),
    ),
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'tests/e2e/.artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...packageBoundaries,
  {
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
