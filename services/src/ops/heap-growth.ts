import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what survived the last full collection before collecting
 * again. With a heap limit of 2 GB or more, which V8 derives from the machine's memory rather than
 * the container's, it allows up to 4×: an API holding 55 MB grew to 220 MB under load before a
 * collection, and its resident memory with it. Below that limit V8 itself picks 1.3× to 2×.
 *
 * 1.2× holds memory down at some CPU. With glibc's mmap threshold fixed, as in the production image,
 * the API ended the benchmark at 160 MB with 1.2× and at 202 MB with 1.5× (the budget is 200 MB),
 * where 1.5× served /auth/me 10 to 15% and the full employee list 10 to 20% more requests a second:
 * full collections come more often at 1.2×, each about as long (marking follows what is alive).
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
