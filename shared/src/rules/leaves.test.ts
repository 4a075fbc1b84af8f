import { leaveRequestInputSchema, leaveTexts } from '../contracts';
import {
  amountDrawn,
  balanceKindOf,
  balanceRefusal,
  countWorkingDays,
  isWorkingDay,
  leaveDuration,
  periodsOverlap,
  spanInDays,
} from './leaves';

describe(countWorkingDays.name, () => {
  it('counts Monday to Friday inclusive', () => {
    expect(countWorkingDays('2026-11-23', '2026-11-27')).toBe(5); // Mon–Fri
    expect(countWorkingDays('2026-11-23', '2026-11-23')).toBe(1);
  });

  it('skips weekends, across month and year boundaries', () => {
    expect(countWorkingDays('2026-11-27', '2026-12-02')).toBe(4); // Fri → Wed
    expect(countWorkingDays('2026-12-28', '2027-01-08')).toBe(10);
    expect(countWorkingDays('2026-11-28', '2026-11-29')).toBe(0); // a weekend
  });

  it('leaves out public holidays', () => {
    const holidays = new Set(['2026-12-25', '2027-01-01']);
    expect(countWorkingDays('2026-12-21', '2027-01-01', holidays)).toBe(8);
  });

  it('counts leap days', () => {
    expect(countWorkingDays('2028-02-28', '2028-03-01')).toBe(3); // Mon 28, Tue 29, Wed 1
    expect(countWorkingDays('2027-02-26', '2027-03-01')).toBe(2); // Fri, Mon: no 29th
  });

  it('is zero for a reversed range', () => {
    expect(countWorkingDays('2026-11-27', '2026-11-23')).toBe(0);
  });
});

describe(leaveDuration.name, () => {
  it('counts a full-day leave in working days and 8-hour days', () => {
    expect(leaveDuration({ leaveType: 'full_day', startDate: '2026-11-23', endDate: '2026-11-25' })).toEqual({
      days: 3,
      hours: 24,
    });
  });

  it("counts a partial day as its hours over the company's working day, one decimal", () => {
    const morning = {
      leaveType: 'partial_day',
      startDate: '2026-11-24',
      endDate: '2026-11-24',
      startTime: '09:00',
      endTime: '13:00',
    } as const;
    expect(leaveDuration(morning)).toEqual({ days: 0.5, hours: 4 });
    expect(leaveDuration({ ...morning, endTime: '12:20' })).toEqual({ days: 0.4, hours: 3.3 });
    expect(leaveDuration(morning, { workdayHours: 7.5 })).toEqual({ days: 0.5, hours: 4 });
  });

  it('caps a partial day at one working day', () => {
    expect(
      leaveDuration({
        leaveType: 'partial_day',
        startDate: '2026-11-24',
        endDate: '2026-11-24',
        startTime: '06:00',
        endTime: '20:00',
      }),
    ).toEqual({ days: 1, hours: 8 });
  });

  it('counts nothing for a partial day on a weekend or holiday', () => {
    const saturday = {
      leaveType: 'partial_day',
      startDate: '2026-11-28',
      endDate: '2026-11-28',
      startTime: '09:00',
      endTime: '13:00',
    } as const;
    expect(leaveDuration(saturday)).toEqual({ days: 0, hours: 0 });
    expect(
      leaveDuration(
        { ...saturday, startDate: '2026-12-25', endDate: '2026-12-25' },
        { holidays: new Set(['2026-12-25']) },
      ),
    ).toEqual({ days: 0, hours: 0 });
  });
});

describe('balances', () => {
  it('maps request types to balances; other touches none', () => {
    expect(balanceKindOf('vacation')).toBe('vacation');
    expect(balanceKindOf('sick_day')).toBe('sick');
    expect(balanceKindOf('hours_bank')).toBe('bank');
    expect(balanceKindOf('other')).toBeNull();
  });

  it('draws days from vacation and sick leave, hours from the bank', () => {
    expect(amountDrawn('vacation', { days: 3, hours: 24 })).toBe(3);
    expect(amountDrawn('bank', { days: 0.5, hours: 4 })).toBe(4);
  });

  it('refuses vacation and bank hours beyond what is left, in the spec wording', () => {
    expect(balanceRefusal('vacation', 3, 5)).toBe('Insufficient vacation balance: 3 days remaining, 5 requested');
    expect(balanceRefusal('bank', 2.5, 8)).toBe('Insufficient hours bank balance: 2.5 hours remaining, 8 requested');
    expect(balanceRefusal('vacation', 5, 5)).toBeNull();
  });

  it('lets sick days go below zero', () => {
    expect(balanceRefusal('sick', 0, 3)).toBeNull();
  });
});

describe(periodsOverlap.name, () => {
  it('sees overlapping and touching date ranges', () => {
    expect(
      periodsOverlap(
        { startDate: '2026-11-23', endDate: '2026-11-25' },
        { startDate: '2026-11-25', endDate: '2026-11-27' },
      ),
    ).toBe(true);
    expect(
      periodsOverlap(
        { startDate: '2026-11-23', endDate: '2026-11-24' },
        { startDate: '2026-11-25', endDate: '2026-11-27' },
      ),
    ).toBe(false);
  });

  it('lets two partial days share a date at separate hours', () => {
    const morning = { startDate: '2026-11-24', endDate: '2026-11-24', startTime: '09:00', endTime: '12:00' };
    expect(periodsOverlap(morning, { ...morning, startTime: '13:00', endTime: '17:00' })).toBe(false);
    expect(periodsOverlap(morning, { ...morning, startTime: '11:00', endTime: '17:00' })).toBe(true);
    expect(periodsOverlap(morning, { startDate: '2026-11-24', endDate: '2026-11-24' })).toBe(true);
  });
});

describe('dates', () => {
  it('knows working days and spans', () => {
    expect(isWorkingDay('2026-11-23')).toBe(true);
    expect(isWorkingDay('2026-11-29')).toBe(false);
    expect(spanInDays('2026-12-30', '2027-01-02')).toBe(4);
  });
});

describe('leaveRequestInputSchema', () => {
  const base = { start_date: '2026-11-23', end_date: '2026-11-25', request_type: 'vacation', leave_type: 'full_day' };
  const messageOf = (input: object) => leaveRequestInputSchema.safeParse(input).error?.issues[0]?.message;

  it('accepts a one-day leave and drops times from a full day', () => {
    const parsed = leaveRequestInputSchema.parse({ ...base, end_date: base.start_date, start_time: '10:00' });
    expect(parsed).toMatchObject({ start_date: '2026-11-23', end_date: '2026-11-23', start_time: undefined });
  });

  it('defaults a partial day to 09:00–17:00', () => {
    const parsed = leaveRequestInputSchema.parse({ ...base, leave_type: 'partial_day', end_date: base.start_date });
    expect(parsed).toMatchObject({ start_time: '09:00', end_time: '17:00' });
  });

  it('uses the spec texts', () => {
    expect(messageOf({ ...base, end_date: '2026-11-22' })).toBe(leaveTexts.endAfterStart);
    expect(messageOf({ ...base, leave_type: 'partial_day' })).toBe(leaveTexts.partialDaySameDate);
    expect(messageOf({ ...base, start_date: '2026-02-30' })).toBe(leaveTexts.invalidStartDate);
    expect(messageOf({ ...base, end_date: 'tomorrow' })).toBe(leaveTexts.invalidEndDate);
    expect(
      messageOf({
        ...base,
        leave_type: 'partial_day',
        end_date: base.start_date,
        start_time: '14:00',
        end_time: '09:00',
      }),
    ).toBe(leaveTexts.endTimeAfterStart);
  });

  it('refuses unknown types and malformed times', () => {
    expect(messageOf({ ...base, request_type: 'party' })).toMatch(/request_type must be one of/);
    expect(messageOf({ ...base, leave_type: 'partial_day', end_date: base.start_date, start_time: '9am' })).toBe(
      'start_time must be a time (HH:MM)',
    );
  });
});
