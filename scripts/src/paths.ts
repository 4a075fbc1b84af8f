import path from 'node:path';

/** The repository root, from scripts/dist/*.js. */
export const repoRoot = path.resolve(__dirname, '..', '..');
export const consoleDir = path.join(repoRoot, 'console');
export const consoleDist = path.join(consoleDir, 'dist');
export const dataRoot = path.join(repoRoot, '.data');
