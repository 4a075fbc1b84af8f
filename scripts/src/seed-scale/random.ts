/**
 * A seeded pseudo-random source (mulberry32): the same seed makes the same data on every machine,
 * so two benchmark runs measure the same database.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let mixed = this.state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** One of the choices, each as likely as its weight. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [choice, weight] of choices) {
      point -= weight;
      if (point < 0) return choice;
    }
    const last = choices[choices.length - 1];
    if (!last) throw new Error('weighted pick from no choices');
    return last[0];
  }

  /** Pareto-distributed, at least 1: a few very large values and many small ones. */
  pareto(alpha: number): number {
    return (1 - this.next()) ** (-1 / alpha);
  }

  /**
   * An independent stream for one part of the data (a company), so that part comes out the same
   * whatever was generated before it.
   */
  derive(salt: number): Random {
    let hash = Math.imul(this.state ^ Math.imul(salt + 1, 0x9e3779b1), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    return new Random((hash ^ (hash >>> 16)) >>> 0);
  }
}
