import { spawn, type SpawnOptions } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process the test started, in a process group of its own so it can be killed whole. */
export interface ManagedProcess {
  name: string;
  pid: number;
  /** Settles when the process has exited. */
  exited: Promise<Exit>;
  isRunning(): boolean;
  /** Sends a signal to the whole process group. */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILLs the group and waits for the exit. */
  kill(): Promise<Exit>;
  /** Its output so far (stdout and stderr share one file). */
  output(): string;
  /** Waits until a line of output matches, failing early if the process exits first. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void>;
}

const alive = new Set<ManagedProcess>();

/** Last resort for a test that crashed its jest worker: no child outlives the test process. */
process.once('exit', () => {
  for (const child of alive) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

export interface SpawnRequest {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Output goes here, appended (several lives of one service share a file). */
  logFile: string;
  cwd?: string;
  uid?: number;
  gid?: number;
}

export function spawnManaged({ name, command, args, env, logFile, cwd, uid, gid }: SpawnRequest): ManagedProcess {
  const log = openSync(logFile, 'a');
  const options: SpawnOptions = { env, cwd, detached: true, stdio: ['ignore', log, log], uid, gid };
  const child = spawn(command, args, options);
  closeSync(log);
  if (child.pid === undefined) throw new Error(`${name} did not start (${command})`);
  const pid = child.pid;
  const startOffset = fileSize(logFile);
  let running = true;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      alive.delete(managed);
      resolve({ code, signal });
    });
    child.once('error', () => {
      running = false;
      alive.delete(managed);
      resolve({ code: null, signal: null });
    });
  });
  const output = () => readFileSync(logFile, 'utf8').slice(startOffset);
  const managed: ManagedProcess = {
    name,
    pid,
    exited,
    isRunning: () => running,
    signal(signal) {
      if (!running) return;
      try {
        process.kill(-pid, signal);
      } catch {
        // The group ended between the check and the signal.
      }
    },
    async kill() {
      managed.signal('SIGKILL');
      return exited;
    },
    output,
    async waitForOutput(pattern, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output())) {
        if (!running) throw new Error(`${name} exited before printing ${pattern}:\n${tail(output())}`);
        if (Date.now() > deadline)
          throw new Error(`${name} did not print ${pattern} in ${timeoutMs} ms:\n${tail(output())}`);
        await sleep(50);
      }
    },
  };
  alive.add(managed);
  return managed;
}

/** Kills every child still running (afterAll, whatever happened in the tests). */
export async function killAllManaged(): Promise<void> {
  await Promise.all([...alive].map((child) => child.kill()));
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The end of a log, for failure messages. */
export function tail(text: string, lines = 30): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` answers a value (not undefined or false); the message says what never happened. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms: ${what}`);
    await sleep(intervalMs);
  }
}
