import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const fromHere = (relativePath: string) => decodeURIComponent(new URL(relativePath, import.meta.url).pathname);

const sharedContracts = fromHere('../shared/src/contracts/');
const sharedRules = fromHere('../shared/src/rules/');

/** Where the API listens during development; the console talks to it same-origin through this proxy. */
const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@teamfolk/shared/contracts': `${sharedContracts}index.ts`,
      '@teamfolk/shared/rules': `${sharedRules}index.ts`,
    },
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/dev': apiOrigin,
    },
  },
  preview: {
    proxy: {
      '/api': apiOrigin,
      '/dev': apiOrigin,
    },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/src/bundle-sizes.ts reads which chunks each page loads first.
    manifest: true,
  },
});
