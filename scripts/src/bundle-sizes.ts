import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { consoleDist } from './paths';

/** One chunk of Vite's `.vite/manifest.json`, keyed by its source path (or `_name` for shared chunks). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

type ViteManifest = Record<string, ManifestChunk>;

/**
 * A page of the product as the browser loads it: index.html's entry chunk, then the lazy route screen
 * the router renders for that URL. Each of those chunks brings its static imports with it (Vite
 * preloads them), while dynamic imports inside them wait until a later click.
 */
export interface ProductEntry {
  name: string;
  /** The URL a visitor opens. */
  path: string;
  /** The route's lazily imported module, as the manifest names it (relative to console/). */
  routeModule: string;
}

export const PRODUCT_ENTRIES: readonly ProductEntry[] = [
  { name: 'landing', path: '/', routeModule: 'src/public/LandingPage.tsx' },
  // The first screen after sign-in: /dashboard renders App (react-admin), whose home (OverviewPage) it imports statically.
  { name: 'dashboard', path: '/dashboard', routeModule: 'src/App.tsx' },
];

const HTML_ENTRY = 'index.html';
const MANIFEST_PATH = path.join('.vite', 'manifest.json');

export interface ScriptSize {
  /** The file's URL path, e.g. `/assets/index-Bx1.js`. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface EntryScripts extends ProductEntry {
  /** Every JavaScript file the page's first load downloads, in load order. */
  files: ScriptSize[];
  totalBytes: number;
  totalGzipBytes: number;
}

function readManifest(distDir: string): ViteManifest {
  const manifestFile = path.join(distDir, MANIFEST_PATH);
  try {
    return JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
  } catch (error) {
    throw new Error(`Cannot read ${manifestFile}: build the console first (npm run build -w console)`, {
      cause: error,
    });
  }
}

/** The chunk's file and those of its static imports, depth first, each once. */
function staticClosure(manifest: ViteManifest, key: string, seen: Set<string>): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Vite's manifest has no chunk "${key}": was the module renamed or no longer lazy?`);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen))];
}

function sizeOf(distDir: string, file: string): ScriptSize {
  const contents = readFileSync(path.join(distDir, file));
  return { file: `/${file}`, bytes: contents.length, gzipBytes: gzipSync(contents).length };
}

/**
 * The JavaScript each product page downloads on its first load, from a production build's manifest,
 * with every file's size raw and gzipped (zlib's default level, as a server compressing on the fly sends it).
 */
export function measureEntryScripts(distDir: string = consoleDist): EntryScripts[] {
  const manifest = readManifest(distDir);
  return PRODUCT_ENTRIES.map((entry) => {
    const seen = new Set<string>();
    const chunks = [...staticClosure(manifest, HTML_ENTRY, seen), ...staticClosure(manifest, entry.routeModule, seen)];
    const files = chunks.filter((file) => file.endsWith('.js')).map((file) => sizeOf(distDir, file));
    return {
      ...entry,
      files,
      totalBytes: files.reduce((sum, { bytes }) => sum + bytes, 0),
      totalGzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
    };
  });
}

const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A plain-text table per page: each file's raw and gzip size, largest first, then the totals. */
export function formatEntryScripts(entries: readonly EntryScripts[]): string {
  return entries
    .map(({ name, path: url, files, totalBytes, totalGzipBytes }) => {
      const rows: [string, string, string][] = [...files]
        .sort((left, right) => right.gzipBytes - left.gzipBytes)
        .map(({ file, bytes, gzipBytes }) => [file, kilobytes(bytes), kilobytes(gzipBytes)]);
      rows.push(['total', kilobytes(totalBytes), kilobytes(totalGzipBytes)]);
      const width = Math.max(...rows.map(([file]) => file.length));
      const lines = rows.map(([file, raw, gzip]) => `  ${file.padEnd(width)}  ${raw.padStart(9)}  ${gzip.padStart(9)}`);
      return [`JavaScript of ${name} (${url}) on first load: raw, gzip`, ...lines].join('\n');
    })
    .join('\n\n');
}

if (require.main === module) {
  const distDir = process.argv[2] ? path.resolve(process.argv[2]) : consoleDist;
  process.stdout.write(`${formatEntryScripts(measureEntryScripts(distDir))}\n`);
}
