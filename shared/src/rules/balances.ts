/** Balances are kept to one decimal (half days, 7.5 hours); arithmetic on them is rounded back. */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** What is left of a balance; negative only where the rules allow overdrawing (sick days). */
export function remaining(total: number, used: number): number {
  return oneDecimal(total - used);
}
