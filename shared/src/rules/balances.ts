/** Balances are kept to one decimal (half days, 7.5 hours); arithmetic on them is rounded back. */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The operations a balance rule is written in, so that one spelling of it runs on numbers here and
 * renders as SQL where Postgres computes the same figure (services' record definitions).
 */
export interface BalanceArithmetic<T> {
  difference(minuend: T, subtrahend: T): T;
  oneDecimal(value: T): T;
}

export const numberArithmetic: BalanceArithmetic<number> = {
  difference: (minuend, subtrahend) => minuend - subtrahend,
  oneDecimal,
};

/** What is left of a balance, in any arithmetic; negative only where the rules allow overdrawing (sick days). */
export function remainingIn<T>(arithmetic: BalanceArithmetic<T>, total: T, used: T): T {
  return arithmetic.oneDecimal(arithmetic.difference(total, used));
}

/** What is left of a balance; negative only where the rules allow overdrawing (sick days). */
export function remaining(total: number, used: number): number {
  return remainingIn(numberArithmetic, total, used);
}
