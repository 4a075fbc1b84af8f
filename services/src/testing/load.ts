import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** The app behind one listening server, as clients meet it (supertest starts a server per request). */
export async function listen(app: Express): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The value below which `fraction` of the values lie (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** `{ 200: 12, 429: 3 }`: how many answers had each status. */
export function statusCounts(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

export interface TimedAnswer {
  status: number;
  ms: number;
}

/** Sends a request and answers its status and how long the answer took (the body read to its end). */
export async function timedFetch(url: string, init: RequestInit = {}): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}
