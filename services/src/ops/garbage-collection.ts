import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what survived the last full collection before collecting
 * again: 1.3×. With a heap limit of 2 GB or more, which V8 derives from the machine's memory rather
 * than the container's, it allows up to 4×, and the API's resident memory follows. The buffers
 * allocated since the last full collection (memory outside the heap) count against the same limit.
 *
 * Both settings are made on import: they rely on the entry point importing this module before any
 * other, since loading the modules is most of what the heap holds at start-up. A value given on the
 * command line or in NODE_OPTIONS wins. Measured: bench/README.md#what-the-figures-rest-on
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
 * helper threads: it relies on the API sharing its cores (with Postgres, with its sibling processes),
 * which a helper thread marking beside the requests takes from them.
 * Measured: bench/README.md#what-the-figures-rest-on
 */
setUnlessGiven('concurrent-marking', '--no-concurrent-marking');
