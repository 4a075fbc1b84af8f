import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what survived the last full collection before collecting
 * again. With a heap limit of 2 GB or more, which V8 derives from the machine's memory rather than
 * the container's, it allows up to 4×: an API holding 55 MB grew to 220 MB under load before a
 * collection, and its resident memory with it. Below that limit V8 itself picks 1.3× to 2×. At
 * 1.2× full collections come more often, each about as long (marking follows what is alive): under
 * the benchmark's mixed load the API's peak resident memory went from 199 MB at 1.5× to 186 MB, at
 * the same throughput.
 *
 * Set on import, so the entry point imports this module before any other: loading the modules is
 * most of what the heap holds at start-up, and the heap grows by the same rule meanwhile. A value
 * given on the command line or in NODE_OPTIONS wins.
 */
const HEAP_GROWING_PERCENT = 20;

const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
if (!given.some((flag) => /^--heap[-_]growing[-_]percent\b/.test(flag))) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
