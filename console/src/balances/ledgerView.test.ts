import type { BalanceLedgerReply, LedgerLine } from '@teamfolk/shared/contracts';
import { formatChange, ledgerYearOptions, linesOfBalance, startMonthOf } from './ledgerView';

const line = (fields: Partial<LedgerLine>): LedgerLine => ({
  date: '2027-01-01',
  balance: 'vacation',
  kind: 'allowance',
  figure: 'total',
  amount: 25,
  note: null,
  leave_request_id: null,
  time_credit_id: null,
  end_date: null,
  running_total: 25,
  projected: false,
  ...fields,
});

const figures = { total: 0, used: 0, pending: 0, remaining: 0, projected_year_end: 0 };
const reply = (entries: LedgerLine[]): BalanceLedgerReply => ({
  year: { year: 2026, start: '2026-11-01', end: '2027-10-31' },
  balances: { vacation: figures, sick: figures, bank: figures },
  entries,
});

describe(ledgerYearOptions.name, () => {
  it('should offer three closed years, the current one and the next, with their bounds', () => {
    const options = ledgerYearOptions(2026, startMonthOf(reply([])));
    expect(options.map(({ year }) => year)).toEqual([2023, 2024, 2025, 2026, 2027]);
    expect(options.at(-1)).toEqual({ year: 2027, start: '2027-11-01', end: '2028-10-31' });
  });
});

describe(linesOfBalance.name, () => {
  it("should keep one balance's lines in the ledger's order", () => {
    const carried = line({ kind: 'carry_over', amount: 5, running_total: 5 });
    const sick = line({ balance: 'sick', amount: 10, running_total: 10 });
    const expired = line({ date: '2027-04-01', kind: 'expiry', amount: -5, running_total: 25 });
    expect(linesOfBalance(reply([carried, sick, expired]), 'vacation')).toEqual([carried, expired]);
  });
});

describe(formatChange.name, () => {
  it('should sign days to one decimal at most and hours always to one', () => {
    expect(formatChange(2.5, 'vacation')).toBe('+2.5');
    expect(formatChange(-5, 'vacation')).toBe('\u22125');
    expect(formatChange(-7.5, 'bank')).toBe('\u22127.5');
    expect(formatChange(8, 'bank')).toBe('+8.0');
  });
});
