import type { Random } from './random';

const SMALLEST_COMPANY = 2;
const LARGEST_COMPANY = 2_000;
/** The benchmark's "200-employee company": exactly one company has this size when the totals allow. */
export const BENCHMARK_COMPANY = 200;
/** Shape of the tail: about one company in five holds four employees in five. */
const PARETO_ALPHA = 1.16;
const REDRAW_ROUNDS = 50;

export class SeedScaleInputError extends Error {}

/**
 * How many employees each company has, summing to `employees` exactly: one company as large as the
 * totals allow (2,000 at the default size), one of exactly 200, and the rest heavy-tailed between 2
 * and 1,999 (most companies small, a few large), in a shuffled order.
 */
export function companySizes(companies: number, employees: number, random: Random): number[] {
  if (!Number.isInteger(companies) || companies < 1) throw new SeedScaleInputError('--companies must be at least 1');
  if (!Number.isInteger(employees) || employees < SMALLEST_COMPANY * companies) {
    throw new SeedScaleInputError(`--employees must be at least ${SMALLEST_COMPANY} per company`);
  }
  if (companies === 1) {
    if (employees > LARGEST_COMPANY) {
      throw new SeedScaleInputError(`one company has at most ${LARGEST_COMPANY} employees`);
    }
    return [employees];
  }
  const largest = Math.min(LARGEST_COMPANY, employees - SMALLEST_COMPANY * (companies - 1));
  // Below 2,000 the largest took all but the minimum from the others, which are then all of size 2.
  const othersMax = largest === LARGEST_COMPANY ? LARGEST_COMPANY - 1 : largest;
  const capacityOfOthers = (count: number) => count * othersMax;
  if (employees - largest > capacityOfOthers(companies - 1)) {
    throw new SeedScaleInputError(
      `--employees is too large: ${companies} companies hold at most ${largest + capacityOfOthers(companies - 1)}`,
    );
  }

  const sizes = [largest];
  let rest = employees - largest;
  let others = companies - 1;
  const benchmarkFits =
    largest > BENCHMARK_COMPANY &&
    rest - BENCHMARK_COMPANY >= SMALLEST_COMPANY * (others - 1) &&
    rest - BENCHMARK_COMPANY <= capacityOfOthers(others - 1) &&
    (others > 1 || rest === BENCHMARK_COMPANY);
  if (benchmarkFits) {
    sizes.push(BENCHMARK_COMPANY);
    rest -= BENCHMARK_COMPANY;
    others -= 1;
  }
  const tail = heavyTail(others, rest, othersMax, random);
  if (benchmarkFits) avoidSize(tail, BENCHMARK_COMPANY, othersMax);
  return shuffle([...sizes, ...tail], random);
}

/**
 * Pareto weights less their minimum (so the smallest companies keep just the 2 they start with),
 * a weight that would make a company larger than `max` drawn again: the tail thins out below the
 * cap instead of piling up on it.
 */
function truncatedWeights(count: number, extra: number, max: number, random: Random): number[] {
  const weights = Array.from({ length: count }, () => random.pareto(PARETO_ALPHA) - 1);
  for (let attempt = 0; attempt < REDRAW_ROUNDS; attempt++) {
    const scale = extra / weights.reduce((sum, weight) => sum + weight, 0);
    const tooLarge = weights.flatMap((weight, index) => (SMALLEST_COMPANY + weight * scale > max ? [index] : []));
    if (tooLarge.length === 0) break;
    for (const index of tooLarge) weights[index] = random.pareto(PARETO_ALPHA) - 1;
  }
  return weights;
}

/**
 * `count` sizes in [2, max] summing to `total`, proportional to the weights; when the totals leave
 * no other way (nearly every company full), the caps are water-filled.
 */
function heavyTail(count: number, total: number, max: number, random: Random): number[] {
  const sizes = Array.from({ length: count }, () => SMALLEST_COMPANY);
  let extra = total - SMALLEST_COMPANY * count;
  const weights = truncatedWeights(count, extra, max, random);
  let open = sizes.map((_, index) => index);
  while (extra > 0 && open.length > 0) {
    const weightSum = open.reduce((sum, index) => sum + (weights[index] ?? 0), 0);
    let handedOut = 0;
    for (const index of open) {
      const share = weightSum > 0 ? Math.floor((extra * (weights[index] ?? 0)) / weightSum) : 0;
      const granted = Math.min(share, max - (sizes[index] ?? 0));
      sizes[index] = (sizes[index] ?? 0) + granted;
      handedOut += granted;
    }
    if (handedOut === 0) {
      // Rounding left fewer units than open companies: one each to the heaviest.
      const heaviest = [...open].sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0));
      for (const index of heaviest.slice(0, extra)) sizes[index] = (sizes[index] ?? 0) + 1;
      handedOut = Math.min(extra, heaviest.length);
    }
    extra -= handedOut;
    open = open.filter((index) => (sizes[index] ?? 0) < max);
  }
  return sizes;
}

/** Moves employees off companies of a reserved size, one at a time, to companies with room. */
function avoidSize(sizes: number[], reserved: number, max: number): void {
  for (let index = 0; index < sizes.length; index++) {
    if (sizes[index] !== reserved) continue;
    const receiver = sizes.findIndex((size, other) => other !== index && size + 1 !== reserved && size < max);
    if (receiver >= 0) {
      sizes[index] = reserved - 1;
      sizes[receiver] = (sizes[receiver] ?? 0) + 1;
    }
  }
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}
