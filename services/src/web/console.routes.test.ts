import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  t = await startTestApp();
  dist = mkdtempSync(path.join(os.tmpdir(), 'teamfolk-console-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Teamfolk</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app");\n'.repeat(200));
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

describe('the console served by the API', () => {
  it('answers client-side routes with index.html, uncached', async () => {
    const reply = await t.requestWith({ CONSOLE_DIST: dist }).get('/dashboard/employees').expect(200);
    expect(reply.text).toContain('<title>Teamfolk</title>');
    expect(reply.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets for a year and a missing one as a 404', async () => {
    const agent = t.requestWith({ CONSOLE_DIST: dist });
    const asset = await agent.get('/assets/app-1234.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await agent.get('/assets/app-old.js').expect(404);
    expect(missing.body).toEqual({ message: 'Not found' });
  });

  it('compresses what it serves and can ask search engines to stay away', async () => {
    const asset = await t.requestWith({ CONSOLE_DIST: dist }).get('/assets/app-1234.js').set('Accept-Encoding', 'gzip');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['x-robots-tag']).toBeUndefined();
    const page = await t
      .requestWith({ CONSOLE_DIST: dist, SEARCH_INDEXING: 'false' })
      .get('/')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const reply = await t.requestWith({ CONSOLE_DIST: dist }).get('/api/unknown').expect(404);
    expect(reply.body).toEqual({ message: 'Not found' });
  });
});
