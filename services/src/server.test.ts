import express from 'express';
import { createLogger } from '@teamfolk/shared';
import { listen, type RunningServer } from './server';

/**
 * The production server builds each request and reply on the Express app's own prototypes, so that
 * Express has no prototype to swap per request (a hidden class per object for V8, and full garbage
 * collections under load); Express's helpers must work on them as on the objects it swaps itself.
 */
const app = express();
app.use(express.json());
app.post('/echo/:name', (req, res) => {
  res.status(201).json({
    name: req.params.name,
    body: req.body as unknown,
    accept: req.get('accept'),
  });
});

let running: RunningServer;
/** Whether each request and its reply reached the server already on the app's prototypes. */
const arrivals: boolean[] = [];
beforeAll(async () => {
  running = await listen(app, 0, createLogger('silent', 'api'), 1_000);
  running.server.prependListener('request', (req, res) => {
    arrivals.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
  });
});
afterAll(async () => {
  await running.close();
});

it("serves Express routes on requests and replies born with the app's prototypes", async () => {
  const reply = await fetch(`http://127.0.0.1:${running.port}/echo/ada`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ days: 2 }),
  });
  expect(reply.status).toBe(201);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await reply.json()).toEqual({
    name: 'ada',
    body: { days: 2 },
    accept: 'application/json',
  });
  expect(arrivals).toEqual([true]);
});

/** The reply's Connection header: `keep-alive`, or `close` when the server ends the connection after it. */
async function connectionHeaderOf(url: string): Promise<string | null> {
  const reply = await fetch(url);
  await reply.arrayBuffer();
  return reply.headers.get('connection');
}

it('should have the replies in flight when shutdown begins, and those of its last call, close their connections', async () => {
  const slowApp = express();
  let arrived!: () => void;
  const slowRequestArrived = new Promise<void>((resolve) => (arrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  slowApp.get('/slow', async (_req, res) => {
    arrived();
    await released;
    res.json({ done: true });
  });
  slowApp.get('/quick', (_req, res) => {
    res.json({ done: true });
  });
  const slowServer = await listen(slowApp, 0, createLogger('silent', 'api'), 5_000);
  const url = (path: string) => `http://127.0.0.1:${slowServer.port}${path}`;

  const beforeShutdown = await connectionHeaderOf(url('/quick'));
  const inFlight = connectionHeaderOf(url('/slow'));
  await slowRequestArrived;
  const closed = slowServer.close();
  const lastCall = await connectionHeaderOf(url('/quick'));
  release();

  expect(beforeShutdown).toBe('keep-alive');
  expect(await inFlight).toBe('close');
  expect(lastCall).toBe('close');
  await closed;
});
