/** Fresh every run; print it to replay one: CHAOS_SEED=… npx jest tests/chaos/<file>. */
export const CHAOS_SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 2 ** 31);

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed picks the same moments. */
export function seededRandom(seed: number = CHAOS_SEED): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
