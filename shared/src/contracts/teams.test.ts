import {
  approversAwayText,
  blackoutInputSchema,
  blackoutRefusalText,
  coverageConflictText,
  coverageWarningText,
  leaveApprovalSchema,
  nameListText,
  teamInputSchema,
  teamUpdateSchema,
  toDecideFilterSchema,
  weekdayDayText,
} from '.';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('teamInputSchema', () => {
  it('takes a name alone: no approver and no cap', () => {
    expect(teamInputSchema.parse({ name: ' Support ' })).toEqual({
      name: 'Support',
      approver_ids: [],
      max_absent: null,
    });
  });

  it('refuses a cap below 1, a fractional cap, and the same approver twice', () => {
    expect(messageOf(teamInputSchema.safeParse({ name: 'S', max_absent: 0 }))).toBe(
      'max_absent must be at least 1 (or null: no cap)',
    );
    expect(messageOf(teamInputSchema.safeParse({ name: 'S', max_absent: 1.5 }))).toBe(
      'max_absent must be a whole number of people, or null',
    );
    expect(messageOf(teamInputSchema.safeParse({ name: 'S', approver_ids: [3, 3] }))).toBe(
      'approver_ids names the same employee twice',
    );
  });

  it('keeps what an update leaves out', () => {
    expect(teamUpdateSchema.parse({ max_absent: null })).toEqual({ max_absent: null });
  });
});

describe('blackoutInputSchema', () => {
  const period = { start_date: '2026-12-24', end_date: '2027-01-01', reason: 'Year-end closing' };

  it('is company-wide and blocks vacation and the hours bank unless told otherwise', () => {
    expect(blackoutInputSchema.parse(period)).toEqual({
      ...period,
      team_id: null,
      request_types: ['vacation', 'hours_bank'],
    });
  });

  it('never blocks sick days', () => {
    expect(messageOf(blackoutInputSchema.safeParse({ ...period, request_types: ['vacation', 'sick_day'] }))).toBe(
      'Sick days are never blocked: leave sick_day out of request_types',
    );
  });

  it('refuses an end before the start, no request type, and no reason', () => {
    expect(messageOf(blackoutInputSchema.safeParse({ ...period, end_date: '2026-12-23' }))).toBe(
      'end_date must not be before start_date',
    );
    expect(messageOf(blackoutInputSchema.safeParse({ ...period, request_types: [] }))).toBe(
      'request_types must list at least one request type',
    );
    expect(messageOf(blackoutInputSchema.safeParse({ ...period, reason: ' ' }))).toBe('reason is required');
  });
});

describe('leaveApprovalSchema', () => {
  it('approves without override unless the body says so', () => {
    expect(leaveApprovalSchema.parse({ approved: true })).toEqual({ approved: true, override: false });
    expect(leaveApprovalSchema.parse({ approved: true, override: true })).toEqual({ approved: true, override: true });
  });
});

describe('toDecideFilterSchema', () => {
  it('reads ?to_decide=true', () => {
    expect(toDecideFilterSchema.parse({ to_decide: 'true' })).toEqual({ to_decide: true });
    expect(toDecideFilterSchema.parse({})).toEqual({ to_decide: false });
  });
});

describe('team texts', () => {
  it('names the day and who is out', () => {
    expect(weekdayDayText('2026-12-08')).toBe('Tue 8 Dec');
    expect(nameListText(['Ana', 'Ben', 'Cy'])).toBe('Ana, Ben and Cy');
    expect(coverageWarningText('2026-12-08', ['Ana', 'Ben'], 1)).toBe(
      'Tue 8 Dec: Ana and Ben are already out; the team allows 1',
    );
    expect(coverageWarningText('2026-12-09', ['Ana'], 1)).toBe('Wed 9 Dec: Ana is already out; the team allows 1');
    expect(coverageConflictText(['Tue 8 Dec: Ana is already out; the team allows 1'])).toBe(
      'Approving this request takes the team over its limit. Tue 8 Dec: Ana is already out; the team allows 1. To approve anyway, confirm the override.',
    );
  });

  it('says until when the approvers are away', () => {
    expect(approversAwayText(1, '2027-01-12', '2027-01-06')).toBe('the approver is away until 12 January');
    expect(approversAwayText(3, '2027-01-12', '2026-12-30')).toBe(
      'all 3 approvers are away, the first until 12 January 2027',
    );
  });

  it('names each blackout period and its reason', () => {
    const periods = [
      { start_date: '2026-12-24', end_date: '2027-01-01', reason: 'Year-end closing' },
      { start_date: '2027-01-08', end_date: '2027-01-08', reason: 'Audit' },
    ];
    expect(blackoutRefusalText('vacation', periods.slice(0, 1))).toBe(
      'These dates fall in a blackout period, 24 Dec 2026 – 1 Jan 2027 (Year-end closing): vacation requests are not accepted then',
    );
    expect(blackoutRefusalText('hours_bank', periods)).toBe(
      'These dates fall in blackout periods, 24 Dec 2026 – 1 Jan 2027 (Year-end closing) and 8 Jan 2027 (Audit): hours bank requests are not accepted then',
    );
  });
});
