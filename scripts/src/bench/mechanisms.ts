import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths';
import type { ScaleSeedSummary } from '../seed-scale';
import {
  ADMIN_READ_PATHS,
  bearer,
  productionEnvironment,
  signIn,
  startHttpProcess,
  type AdminRead,
  type HttpProcess,
} from './api-under-test';
import { FIXED_RATE, latencyAt, saturationOf, type Scenario } from './http-load';

/**
 * Load each process takes, unmeasured, before any round (V8 compiles the hot code first), and each
 * read before its rounds: after 3 s only, a fresh API's first window of /auth/me served a ninth of the next.
 */
const FIRST_WARM_UP_SECONDS = 10;
const WARM_UP_SECONDS = 3;

export interface BuildComparison {
  /** A checkout whose services/dist is built from the same tree less one mechanism: B. This tree is A. */
  otherTree: string;
  databaseUrl: string;
  redisUrl: string;
  summary: ScaleSeedSummary;
  rounds: number;
  durationSeconds: number;
  /** Also each build's p99 at the benchmark's fixed offered load, in every round. */
  withLatency: boolean;
  stopStack: Array<() => Promise<void>>;
  say: (line: string) => void;
}

interface WindowFigures {
  requestsPerSecond: number;
  /** The API process's CPU time per answered request. */
  cpuMicroseconds: number;
  p99Ms?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const ratioText = (value: number) => value.toFixed(3);

/**
 * Two builds of the API side by side on the bench database, for deciding whether a performance
 * mechanism pays: this tree's (A) and another checkout's (B, the same tree with the mechanism taken
 * out). Both processes run throughout; for each admin read, A's window and B's one after the other
 * (the order swapped every round), `rounds` times, so that both windows of a pair meet the same host.
 * Prints each pair's throughput and CPU per request and their ratios A/B (CPU: B/A, so above 1 means
 * A is cheaper), with the medians.
 */
export async function compareBuilds(options: BuildComparison): Promise<void> {
  const { say, summary, durationSeconds } = options;
  const otherEntry = path.resolve(options.otherTree, 'services/dist/main.js');
  if (!existsSync(otherEntry)) throw new Error(`${otherEntry} is missing: build that tree first (npx tsc -b services)`);
  const env = productionEnvironment(options.databaseUrl, options.redisUrl, `mechanisms-${Date.now()}`);
  const start = (entry: string) =>
    startHttpProcess(entry, { ...env, WEB_CONCURRENCY: '1' }, '/readyz', options.stopStack);
  // One after the other: each migrates on start.
  const withMechanism = await start('services/dist/main.js');
  const without = await start(otherEntry);
  const email = summary.mediumCompany.adminEmail;

  const scenarioOf = (api: HttpProcess, read: AdminRead, token: string): Scenario => ({
    name: read,
    kind: 'read',
    url: `${api.baseUrl}${ADMIN_READ_PATHS[read]}`,
    headers: bearer(token),
  });
  const measureWindow = async (api: HttpProcess, read: AdminRead, token: string): Promise<WindowFigures> => {
    const scenario = scenarioOf(api, read, token);
    const cpuBefore = api.cpuSeconds();
    const load = await saturationOf(scenario, durationSeconds);
    const cpuMicroseconds = ((api.cpuSeconds() - cpuBefore) * 1e6) / Math.max(load.requests, 1);
    const latency = options.withLatency ? await latencyAt(scenario, FIXED_RATE, durationSeconds) : undefined;
    return { requestsPerSecond: load.requestsPerSecond, cpuMicroseconds, p99Ms: latency?.p99Ms };
  };

  say(`A: ${path.join(repoRoot, 'services/dist/main.js')}\nB: ${otherEntry}`);
  const warmUp = async (api: HttpProcess, read: AdminRead, seconds: number) =>
    saturationOf(scenarioOf(api, read, await signIn(api.baseUrl, email, summary.password)), seconds);
  const reads = Object.keys(ADMIN_READ_PATHS) as AdminRead[];
  for (const api of [withMechanism, without]) {
    for (const read of reads) await warmUp(api, read, FIRST_WARM_UP_SECONDS / reads.length);
  }
  for (const read of reads) {
    for (const api of [withMechanism, without]) await warmUp(api, read, WARM_UP_SECONDS);
    say(`\n${read}`);
    say('round  A req/s  B req/s  A/B     A µs/req  B µs/req  B/A' + (options.withLatency ? '     A p99  B p99' : ''));
    const throughputRatios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      // A console's token is renewed once it is a minute old: each pair signs in afresh.
      const tokenA = await signIn(withMechanism.baseUrl, email, summary.password);
      const tokenB = await signIn(without.baseUrl, email, summary.password);
      // A before B in odd rounds, B before A in even ones: whatever the second window of a pair
      // meets more often (what the first left behind) falls on each build alike.
      let a: WindowFigures;
      let b: WindowFigures;
      if (round % 2 === 1) {
        a = await measureWindow(withMechanism, read, tokenA);
        b = await measureWindow(without, read, tokenB);
      } else {
        b = await measureWindow(without, read, tokenB);
        a = await measureWindow(withMechanism, read, tokenA);
      }
      throughputRatios.push(a.requestsPerSecond / b.requestsPerSecond);
      cpuRatios.push(b.cpuMicroseconds / a.cpuMicroseconds);
      say(
        [
          String(round).padEnd(5),
          a.requestsPerSecond.toFixed(0).padStart(7),
          b.requestsPerSecond.toFixed(0).padStart(7),
          ratioText(throughputRatios.at(-1)!).padStart(6),
          a.cpuMicroseconds.toFixed(0).padStart(9),
          b.cpuMicroseconds.toFixed(0).padStart(9),
          ratioText(cpuRatios.at(-1)!).padStart(6),
          ...(options.withLatency ? [a.p99Ms!.toFixed(1).padStart(8), b.p99Ms!.toFixed(1).padStart(6)] : []),
        ].join('  '),
      );
    }
    say(
      `median throughput A/B ${ratioText(median(throughputRatios))}, CPU per request B/A ${ratioText(median(cpuRatios))}`,
    );
  }
  const memory = (api: HttpProcess) => {
    const { rssMb, peakRssMb } = api.memory();
    return `${rssMb.toFixed(0)} MB (peak ${peakRssMb.toFixed(0)})`;
  };
  say(`\nresident memory after the rounds: A ${memory(withMechanism)}, B ${memory(without)}`);
}
