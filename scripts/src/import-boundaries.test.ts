import { execFileSync } from 'node:child_process';
import { repoRoot } from './paths';

interface Case {
  filePath: string;
  importLine: string;
}

/**
 * ESLint's Node API loads eslint.config.mjs with a dynamic import, which jest's module system cannot
 * run: one plain Node process lints every case and answers each one's `no-restricted-imports` messages.
 */
const lintInNode = `
const { ESLint } = require('eslint');
const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: process.cwd() });
Promise.all(cases.map(async ({ filePath, importLine }) => {
  const [result] = await eslint.lintText(importLine + '\\nexport const used = imported;\\n', { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
})).then((answers) => process.stdout.write(JSON.stringify(answers)));
`;

const refused: [string, string, RegExp][] = [
  ['shared/src/rules/example.ts', "import { imported } from '@teamfolk/services';", /shared imports nothing of ours/],
  [
    'services/src/leaves/example.ts',
    "import { imported } from '@teamfolk/workers';",
    /services may import shared only/,
  ],
  ['services/src/leaves/example.ts', "import { imported } from '../../../shared/src/db/migrations';", /public entry/],
  ['workers/src/email/example.ts', "import { imported } from '@teamfolk/services';", /@teamfolk\/services\/domain/],
  ['console/src/leaves/example.ts', "import { imported } from '@teamfolk/shared';", /browser-safe shared only/],
  ['services/src/leaves/example.ts', "import { imported } from '@teamfolk/shared/testing';", /test files only/],
  ['tests/chaos/example.test.ts', "import { imported } from '../../services/src/testing/factories';", /public entry/],
];
const allowed: [string, string][] = [
  ['services/src/leaves/example.ts', "import { imported } from '@teamfolk/shared';"],
  ['workers/src/email/example.ts', "import { imported } from '@teamfolk/services/domain';"],
  ['console/src/leaves/example.ts', "import { imported } from '@teamfolk/shared/contracts';"],
  ['services/src/leaves/example.test.ts', "import { imported } from '@teamfolk/services/testing';"],
  ['tests/security/example.test.ts', "import { imported } from '@teamfolk/services/testing';"],
];

let answers: Map<string, string[]>;
const keyOf = ({ filePath, importLine }: Case) => `${filePath} ${importLine}`;

beforeAll(() => {
  const cases: Case[] = [...refused, ...allowed].map(([filePath, importLine]) => ({ filePath, importLine }));
  const output = execFileSync(process.execPath, ['-e', lintInNode], {
    cwd: repoRoot,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  const messages = JSON.parse(output) as string[][];
  answers = new Map(cases.map((lintCase, index) => [keyOf(lintCase), messages[index]!]));
}, 60_000);

describe("the lint rule that keeps ARCHITECTURE.md's package boundaries", () => {
  it.each(refused)('refuses, in %s, %s', (filePath, importLine, expected) => {
    expect(answers.get(keyOf({ filePath, importLine }))).toContainEqual(expect.stringMatching(expected));
  });

  it.each(allowed)('lets, in %s, %s pass', (filePath, importLine) => {
    expect(answers.get(keyOf({ filePath, importLine }))).toEqual([]);
  });
});
