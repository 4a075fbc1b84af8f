import { oneDecimal, remaining } from './balances';

describe(remaining.name, () => {
  it('subtracts without floating-point noise', () => {
    expect(remaining(25, 0.1 + 0.2)).toBe(24.7);
    expect(remaining(12.5, 7.3)).toBe(5.2);
  });

  it('goes negative when more was used than granted', () => {
    expect(remaining(10, 12)).toBe(-2);
  });
});

describe(oneDecimal.name, () => {
  it('rounds half days and hours to one decimal', () => {
    expect(oneDecimal(2.25)).toBe(2.3);
    expect(oneDecimal(7.04)).toBe(7);
  });
});
