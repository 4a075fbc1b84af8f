import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatEntryScripts, measureEntryScripts } from './bundle-sizes';

/** A module of `lines` distinct declarations: its gzip size grows with its length, as real code's does. */
const moduleOf = (name: string, lines: number) =>
  Array.from({ length: lines }, (_, index) => `export const ${name}${index} = ${(index * 7919) % 10007};`).join('\n');

const ASSETS: Record<string, string> = {
  'assets/index.js': moduleOf('entry', 40),
  'assets/react.js': moduleOf('react', 60),
  'assets/LandingPage.js': moduleOf('landing', 20),
  'assets/App.js': moduleOf('dashboard', 80),
  'assets/react-admin.js': moduleOf('admin', 200),
  'assets/EmployeeList.js': moduleOf('employees', 50),
};

/** The shape Vite writes: the entry and the lazy screens keyed by source path, shared chunks by `_name`. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/public/LandingPage.tsx', 'src/App.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  'src/public/LandingPage.tsx': { file: 'assets/LandingPage.js', isDynamicEntry: true, imports: ['_react.js'] },
  'src/App.tsx': {
    file: 'assets/App.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-admin.js'],
    dynamicImports: ['src/employees/EmployeeList.tsx'],
  },
  '_react-admin.js': { file: 'assets/react-admin.js', imports: ['_react.js'] },
  'src/employees/EmployeeList.tsx': {
    file: 'assets/EmployeeList.js',
    isDynamicEntry: true,
    imports: ['_react-admin.js'],
  },
};

const gzipSize = (file: string) => gzipSync(ASSETS[file]!).length;

describe('measureEntryScripts', () => {
  let distDir: string;

  beforeEach(() => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'bundle-sizes-'));
    mkdirSync(path.join(distDir, 'assets'));
    mkdirSync(path.join(distDir, '.vite'));
    for (const [file, source] of Object.entries(ASSETS)) writeFileSync(path.join(distDir, file), source);
    writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  });

  afterEach(() => rmSync(distDir, { recursive: true, force: true }));

  it('should count the entry chunk, the route screen and their static imports once each, but no lazy screen', () => {
    const [landing, dashboard] = measureEntryScripts(distDir);

    expect(landing!.name).toBe('landing');
    expect(landing!.files.map(({ file }) => file)).toEqual([
      '/assets/index.js',
      '/assets/react.js',
      '/assets/LandingPage.js',
    ]);
    expect(dashboard!.name).toBe('dashboard');
    expect(dashboard!.files.map(({ file }) => file)).toEqual([
      '/assets/index.js',
      '/assets/react.js',
      '/assets/App.js',
      '/assets/react-admin.js',
    ]);
  });

  it('should give each file its raw and gzip size, and the totals of the page', () => {
    const dashboard = measureEntryScripts(distDir).find(({ name }) => name === 'dashboard')!;
    const files = ['assets/index.js', 'assets/react.js', 'assets/App.js', 'assets/react-admin.js'];

    expect(dashboard.files.find(({ file }) => file === '/assets/react-admin.js')).toEqual({
      file: '/assets/react-admin.js',
      bytes: ASSETS['assets/react-admin.js']!.length,
      gzipBytes: gzipSize('assets/react-admin.js'),
    });
    expect(dashboard.totalBytes).toBe(files.reduce((sum, file) => sum + ASSETS[file]!.length, 0));
    expect(dashboard.totalGzipBytes).toBe(files.reduce((sum, file) => sum + gzipSize(file), 0));
    expect(dashboard.totalGzipBytes).toBeLessThan(dashboard.totalBytes);
  });

  it('should name the route module the manifest lacks, so a renamed screen cannot go unmeasured', () => {
    const { 'src/public/LandingPage.tsx': _landing, ...withoutLanding } = MANIFEST;
    writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(withoutLanding));

    expect(() => measureEntryScripts(distDir)).toThrow('src/public/LandingPage.tsx');
  });

  it('should ask for a build when there is no manifest', () => {
    rmSync(path.join(distDir, '.vite'), { recursive: true });

    expect(() => measureEntryScripts(distDir)).toThrow(/build the console first/);
  });

  it('should print a table per page, largest file first, ending with the total', () => {
    const table = formatEntryScripts(measureEntryScripts(distDir));
    const dashboardLines = table.split('\n\n')[1]!.split('\n');

    expect(dashboardLines[0]).toBe('JavaScript of dashboard (/dashboard) on first load: raw, gzip');
    expect(dashboardLines[1]).toContain('/assets/react-admin.js');
    expect(dashboardLines.at(-1)).toMatch(/^ {2}total +[\d.]+ kB +[\d.]+ kB$/);
  });
});
