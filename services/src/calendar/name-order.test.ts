import { sortByStartThenName } from './name-order';

const collator = new Intl.Collator('en', { sensitivity: 'accent' });

/** A name from `alphabet`, of up to 12 characters, from a small deterministic generator. */
function namesFrom(alphabet: string, count: number, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: next() % 13 }, () => alphabet[next() % alphabet.length]).join(''),
  );
}

const byCollator = (events: Array<{ id: number; employeeName: string; start: string }>) =>
  [...events].sort(
    (a, b) =>
      (a.start === b.start ? 0 : a.start < b.start ? -1 : 1) ||
      collator.compare(a.employeeName, b.employeeName) ||
      a.id - b.id,
  );

describe(sortByStartThenName.name, () => {
  it.each([
    ['English letters and spaces', 'aAbBmMzZ  ', 1],
    ['letters with accents, hyphens and apostrophes among them', "aAeEéÉoöÖzZ -'", 2],
    ['names of another script among them', 'aAzZ Жжあ', 3],
  ])('orders %s exactly as the collator does', (_case, alphabet, seed) => {
    const events = namesFrom(alphabet, 2_000, seed).map((employeeName, index) => ({
      id: 2_000 - index,
      employeeName,
      start: index % 3 === 0 ? '2026-11-02' : '2026-11-03',
    }));
    expect(sortByStartThenName(events)).toEqual(byCollator(events));
  });

  it('puts a name before a longer one it begins, and a space before any letter', () => {
    const names = ['Anna', 'Ann', 'Ann Zed', 'anna', 'Bob'];
    const events = names.map((employeeName, index) => ({ id: index + 1, employeeName, start: '2026-11-02' }));
    expect(sortByStartThenName(events).map((event) => event.employeeName)).toEqual([
      'Ann',
      'Ann Zed',
      'Anna',
      'anna',
      'Bob',
    ]);
  });
});
