import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Request } from 'autocannon';

export interface Scenario {
  name: string;
  /** read: measured against the baselines' throughput; write: changes rows. */
  kind: 'read' | 'write' | 'baseline';
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** For writes: builds each request (a fresh body or path), never repeating one. */
  nextRequest?: () => { path: string; body?: string };
  /** The offered load of the latency phase, when the route cannot carry 200 requests/s (default 200). */
  fixedRate?: number;
  /** For writes that consume prepared rows: how many are left (each phase takes at most that many). */
  remaining?: () => number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests answered (any status). */
  requests: number;
  ok: number;
  errors: number;
  /** How many answers had each status (`{ "201": 950, "429": 12 }`), where the phase counts them. */
  statuses?: Record<string, number>;
}

export interface ScenarioFigures {
  saturation: LoadFigures;
  fixedRate: LoadFigures;
  /** Requests per second offered in the latency phase. */
  offeredRate: number;
}

/** Successful requests of a scenario, the preflight included. */
export const answeredOk = (figures: ScenarioFigures) => 1 + figures.saturation.ok + figures.fixedRate.ok;

/** Failed requests of a scenario (errors, timeouts, non-2xx answers). */
export const failed = (figures: ScenarioFigures) => figures.saturation.errors + figures.fixedRate.errors;

/**
 * One request before the load, so that a route answering an error stops the run with its message
 * instead of being measured. A write's request counts: it makes one row.
 */
async function preflight(scenario: Scenario): Promise<void> {
  const { path, body } = scenario.nextRequest?.() ?? {
    path: new URL(scenario.url).pathname + new URL(scenario.url).search,
  };
  const response = await fetch(new URL(path, scenario.url), {
    method: scenario.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...scenario.headers },
    body,
  });
  if (!response.ok) {
    const reply = await response.text();
    throw new Error(`${scenario.name} answered ${response.status} before the load: ${reply.slice(0, 300)}`);
  }
  await response.arrayBuffer().catch(() => undefined);
}

/**
 * Waits until the server has worked off what the load left queued (a slow route keeps answering
 * after the load generator stopped), so that it does not slow the next measurement. Every server
 * under test answers /readyz with a query through its database pool: quickly only once the requests
 * left waiting for a connection have had theirs.
 */
async function settle(scenario: Scenario): Promise<void> {
  const readyz = new URL('/readyz', scenario.url);
  for (let quickAnswers = 0, attempt = 0; quickAnswers < 3 && attempt < 600; attempt += 1) {
    const started = performance.now();
    await fetch(readyz).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    );
    quickAnswers = performance.now() - started < 20 ? quickAnswers + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const SATURATION_CONNECTIONS = 50;
/**
 * Load a read route takes, unmeasured, before it is measured (the baselines' alike). V8 compiles
 * code to optimised machine code only once it has run hot for a while: after one second at 10
 * connections, a fresh API served /auth/me at 2,200 requests/s, and at 2,750 five seconds later.
 * A production process runs for days.
 */
const WARM_UP_SECONDS = 3;
export const FIXED_RATE = 200;

async function load(
  scenario: Scenario,
  options: { connections: number; durationSeconds: number; maxRequests?: number },
): Promise<LoadFigures> {
  const nextRequest = scenario.nextRequest;
  const result = await autocannon({
    url: scenario.url,
    method: scenario.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...scenario.headers },
    connections: options.connections,
    duration: options.durationSeconds,
    amount: options.maxRequests,
    timeout: 10,
    requests: nextRequest
      ? [
          {
            setupRequest: (request: Request) => {
              const { path, body } = nextRequest();
              return { ...request, path, body };
            },
          },
        ]
      : undefined,
  });
  const requests = result.requests.total;
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count ?? 0]),
  );
  return {
    requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    ok: result['2xx'],
    errors: result.errors + result.timeouts + result.non2xx,
    statuses,
  };
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A fixed offered load as users make it: requests leave at evenly spaced moments whatever the
 * answers do (an open model), each on a free keep-alive connection. Latency counts from the moment
 * a request was due, so a slow server or a late sender is charged in full. autocannon's rate
 * option sends each connection's share of a second back to back and pauses until the next second:
 * bursts that queue behind each other and measure the burst, not the rate.
 */
async function constantRate(
  scenario: Scenario,
  options: { rate: number; durationSeconds: number; maxRequests: number },
): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const baseUrl = new URL(scenario.url);
  const total = Math.min(options.maxRequests, Math.round(options.rate * options.durationSeconds));
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const { path, body } = scenario.nextRequest?.() ?? { path: baseUrl.pathname + baseUrl.search };
      const request = http.request(
        {
          agent,
          host: baseUrl.hostname,
          port: baseUrl.port,
          path,
          method: scenario.method ?? 'GET',
          headers: { 'content-type': 'application/json', ...scenario.headers },
          timeout: REQUEST_TIMEOUT_MS,
        },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              ok += 1;
              latencies.push(performance.now() - due);
            } else errors += 1;
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });

  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: total / Math.max(elapsedSeconds, 0.001),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests: total,
    ok,
    errors,
  };
}

/**
 * Throughput at saturation alone, on a route measured warm before: the paired rounds of the ratio
 * budgets (main.ts) take a baseline's and a route's one after the other.
 */
export async function saturationOf(scenario: Scenario, durationSeconds: number): Promise<LoadFigures> {
  const figures = await load(scenario, { connections: SATURATION_CONNECTIONS, durationSeconds });
  await settle(scenario);
  return figures;
}

/** Latency at a fixed offered load alone, on a route measured warm before (see saturationOf). */
export async function latencyAt(scenario: Scenario, rate: number, durationSeconds: number): Promise<LoadFigures> {
  const figures = await constantRate(scenario, { rate, durationSeconds, maxRequests: rate * durationSeconds });
  await settle(scenario);
  return figures;
}

/** Throughput at saturation (50 connections), then latency at a fixed offered load of 200 requests/s. */
export async function measure(scenario: Scenario, durationSeconds: number): Promise<ScenarioFigures> {
  // Rows a write consumes are shared out so that the fixed-rate phase keeps its full share.
  const offeredRate = scenario.fixedRate ?? FIXED_RATE;
  const fixedRateShare = offeredRate * durationSeconds;
  const remaining = scenario.remaining;
  if (remaining && remaining() <= fixedRateShare + 1) {
    throw new Error(`${scenario.name}: ${remaining()} rows prepared, ${fixedRateShare + 1} needed at least`);
  }
  await preflight(scenario);
  if (scenario.kind !== 'write') {
    await load(scenario, { connections: 10, durationSeconds: WARM_UP_SECONDS });
    await settle(scenario);
  }
  // Reads are timed; writes send a set number of requests and wait for every answer, so that each
  // answer can be matched with the rows it made.
  const saturationShare =
    scenario.kind === 'write' ? Math.min(fixedRateShare, (remaining?.() ?? Infinity) - fixedRateShare) : undefined;
  const saturation = await load(scenario, {
    connections: SATURATION_CONNECTIONS,
    durationSeconds,
    maxRequests: saturationShare,
  });
  await settle(scenario);
  const fixedRate = await constantRate(scenario, { rate: offeredRate, durationSeconds, maxRequests: fixedRateShare });
  await settle(scenario);
  return { saturation, fixedRate, offeredRate };
}

/** Another company's read while one company writes flat out, and what that company's writes were answered. */
export interface IsolationFigures {
  bystander: LoadFigures;
  offeredRate: number;
  burst: LoadFigures;
}

/**
 * One company's writes at saturation (50 connections) while another company's read is offered at a
 * fixed rate (its users clicking through the console): the read's latency is what every other
 * company sees while one company bursts. The read is warmed up first, like the other reads.
 */
export async function isolationOf(
  busy: Scenario,
  bystander: Scenario,
  { durationSeconds, rate }: { durationSeconds: number; rate: number },
): Promise<IsolationFigures> {
  await preflight(bystander);
  await load(bystander, { connections: 10, durationSeconds: WARM_UP_SECONDS });
  await settle(bystander);
  const burst = load(busy, { connections: SATURATION_CONNECTIONS, durationSeconds: durationSeconds + 1 });
  // The read starts once the burst has filled its connections, and ends before the burst does.
  await sleep(500);
  const read = await constantRate(bystander, { rate, durationSeconds, maxRequests: rate * durationSeconds });
  const figures = { bystander: read, offeredRate: rate, burst: await burst };
  await settle(busy);
  return figures;
}
