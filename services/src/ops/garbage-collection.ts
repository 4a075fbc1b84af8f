import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what survived the last full collection before collecting
 * again. With a heap limit of 2 GB or more, which V8 derives from the machine's memory rather than
 * the container's, it allows up to 4×: an API holding 55 MB grew to 220 MB under load before a
 * collection, and its resident memory with it. Below that limit V8 itself picks 1.3× to 2×. The
 * buffers allocated since the last full collection (memory outside the heap) count against the
 * same limit, so a reply body made twice over brings the next collection nearer.
 *
 * A full collection marks everything alive (about 45 MB in the API), so how often one comes decides
 * much of the CPU: under load on the full employee list, marking and sweeping were about a third of
 * the API process's CPU (perf). With glibc's mmap threshold fixed, as in the production image, the
 * API ended the benchmark at 160 to 168 MB with 1.2×, 173 and 181 MB with 1.3×, 202 MB with 1.5× (the
 * budget is 200 MB). 1.3× against 1.2×, side by side: /auth/me 996 → 880 µs of CPU a request, a
 * page of 25 employees 1,297 → 1,172 µs, the full list of 200 3.5 → 3.3 ms.
 *
 * Both settings are made on import, so the entry point imports this module before any other:
 * loading the modules is most of what the heap holds at start-up, and the heap grows by the same rule
 * meanwhile. A value given on the command line or in NODE_OPTIONS wins.
 */
const HEAP_GROWING_PERCENT = 30;

const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];

/** Sets a V8 flag unless the command line or NODE_OPTIONS already names it (`--no-` form too). */
function setUnlessGiven(name: string, flag: string): void {
  const spelled = name.replace(/-/g, '[-_]');
  if (!given.some((option) => new RegExp(`^--(no-)?${spelled}\\b`).test(option))) setFlagsFromString(flag);
}

setUnlessGiven('heap-growing-percent', `--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

/**
 * Full collections mark on the process's own thread, in small steps between requests, not on V8's
 * helper threads alongside it. The API shares its cores: with Postgres on the same machine, and with
 * its sibling processes (one per core). A helper thread marking for 50 ms at a time took a core from
 * them, and requests queued behind it: the full list of 200 employees at 200 requests/s had a p99 of
 * 39 to 75 ms with it, 18 to 27 ms without (side by side, three rounds). The price is throughput at
 * saturation, where the marking no longer runs beside the requests: /auth/me about 15% lower.
 */
setUnlessGiven('concurrent-marking', '--no-concurrent-marking');
