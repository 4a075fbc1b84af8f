import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from '../paths';

export interface RunningProcess {
  child: ChildProcess;
  /** Resident memory now and at its peak (VmRSS, VmHWM) of the process and its cluster workers, in MB. */
  memory(): { rssMb: number; peakRssMb: number };
  /** CPU time (user and system) the process and its cluster workers have used so far, in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

function childPids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? children.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

function statusKilobytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Clock ticks a second of /proc's times (USER_HZ, 100 on Linux whatever the kernel's own rate). */
const TICKS_PER_SECOND = 100;

function cpuTicks(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Starts a built entry point (a path under the repository) with its own environment, output discarded. */
export function startNode(entry: string, env: NodeJS.ProcessEnv): RunningProcess {
  const child = spawn(process.execPath, [entry], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  child.once('exit', (code, signal) => {
    if (code && code !== 0) process.stderr.write(`${entry} exited with ${code ?? signal}:\n${stderr}\n`);
  });
  const processIds = () => (child.pid ? [child.pid, ...childPids(child.pid)] : []);
  return {
    child,
    memory() {
      const pids = processIds();
      const sum = (field: 'VmRSS' | 'VmHWM') => pids.reduce((total, pid) => total + statusKilobytes(pid, field), 0);
      return { rssMb: sum('VmRSS') / 1024, peakRssMb: sum('VmHWM') / 1024 };
    },
    cpuSeconds() {
      return processIds().reduce((total, pid) => total + cpuTicks(pid), 0) / TICKS_PER_SECOND;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const forced = sleep(15_000).then(() => child.kill('SIGKILL'));
      await Promise.race([exited, forced]);
    },
  };
}

/** Resolves once `url` answers 200, or fails after the timeout (with what the process said). */
export async function waitForHttp(url: string, running: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`${url}: the process exited before answering`);
    const answered = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (answered) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
