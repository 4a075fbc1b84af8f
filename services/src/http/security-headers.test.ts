import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import supertest from 'supertest';
import { createLogger, generalTexts } from '@teamfolk/shared';
import { startTestApp, type TestApp } from '../testing/harness';
import { errorHandler } from './errors';
import { logRequests } from './request-log';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  t = await startTestApp();
  dist = mkdtempSync(path.join(os.tmpdir(), 'teamfolk-console-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Teamfolk</title>');
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

function cspOf(reply: supertest.Response): Map<string, string> {
  const policy = String(reply.headers['content-security-policy']);
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('response headers', () => {
  it.each([
    ['a console page', '/dashboard/employees'],
    ['the health check', '/healthz'],
  ])('protect %s: CSP, HSTS, nosniff, no framing, a referrer without the path', async (_what, url) => {
    const reply = await t.requestWith({ CONSOLE_DIST: dist }).get(url);
    const csp = cspOf(reply);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(reply.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['a session reply', '/api/auth/me'],
    ['an unknown API path', '/api/nowhere'],
  ])(
    'protect %s as a reply that loads nothing and is framed by no one, without document headers',
    async (_what, url) => {
      const reply = await t.requestWith({ CONSOLE_DIST: dist }).get(url);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.headers['content-security-policy']).toBe(
        "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
      );
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
        'x-powered-by',
      ]) {
        expect({ [documentOnly]: reply.headers[documentOnly] }).toEqual({ [documentOnly]: undefined });
      }
    },
  );

  it('ask browsers to upgrade insecure requests when the product is served over HTTPS', async () => {
    const reply = await t.requestWith({ APP_URL: 'https://teamfolk.example' }).get('/healthz');
    expect(cspOf(reply).has('upgrade-insecure-requests')).toBe(true);
  });

  it('keep API replies out of caches', async () => {
    const reply = await t.request().post('/api/auth/login').send({ email: 'someone@example.com', password: 'x' });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('leave the console without inline scripts, which the policy would block', () => {
    const html = readFileSync(path.resolve(__dirname, '../../../console/index.html'), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc=/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('CORS on the API', () => {
  it("answers the console's own origin, and lets it read the renewed session token", async () => {
    const preflight = await t
      .request()
      .options('/api/auth/login')
      .set('Origin', 'http://teamfolk.test')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://teamfolk.test');
    expect(preflight.headers['access-control-allow-headers']).toBe(
      'Authorization,Content-Type,X-Request-Id,X-Background-Request',
    );

    const reply = await t.request().get('/api/auth/me').set('Origin', 'http://teamfolk.test');
    expect(reply.headers['access-control-allow-origin']).toBe('http://teamfolk.test');
    expect(reply.headers['access-control-expose-headers']).toContain('X-Session-Token');
  });

  it('gives any other origin nothing to read', async () => {
    const preflight = await t
      .request()
      .options('/api/auth/login')
      .set('Origin', 'https://attacker.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const reply = await t.request().get('/api/auth/me').set('Origin', 'https://attacker.example');
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('error replies', () => {
  function expectPlainMessage(reply: supertest.Response, status: number, message: string): void {
    expect(reply.status).toBe(status);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.body).toEqual({ message });
    expect(reply.text).not.toMatch(/\bat\s|stack|SELECT|INSERT|sequelize|node_modules/i);
  }

  it('say what was wrong with a request in one line, never with a stack trace', async () => {
    const json = () => t.request().post('/api/auth/login').set('Content-Type', 'application/json');
    expectPlainMessage(await json().send('{"email": "a@b.c", '), 400, generalTexts.invalidJson);
    expectPlainMessage(
      await json().send(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(200_000) })),
      413,
      generalTexts.payloadTooLarge,
    );
    expectPlainMessage(
      await t
        .request()
        .post('/api/auth/login')
        .set('Content-Type', 'application/json; charset=iso-8859-1')
        .send('{"email": "a@b.c"}'),
      415,
      'The request body could not be read',
    );
    expectPlainMessage(await t.request().get('/api/auth/invitation/%E0%A4%A'), 400, 'The request could not be served');
  });

  it('answer an unexpected failure with a generic message, and keep the details in the log', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      'error',
      'test',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const app = express();
    logRequests(app, logger);
    app
      .get('/boom', () => {
        throw new Error('insert or update on table "employees" violates foreign key constraint');
      })
      .use(errorHandler);

    expectPlainMessage(await supertest(app).get('/boom'), 500, generalTexts.internalError);
    const logged = lines.join('');
    expect(logged).toContain('violates foreign key constraint');
    expect(logged).toContain('"stack"');
    expect(logged).toContain('"msg":"request failed"');
  });
});
