import { billingTexts } from '../contracts';
import { parseCardExpiry } from './local-cards';

describe(parseCardExpiry.name, () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('should read the month and year as typed, with or without spaces and with a two- or four-digit year', () => {
    expect(parseCardExpiry('12/30', now)).toEqual({ ok: true, month: 12, year: 2030 });
    expect(parseCardExpiry('08 / 31', now)).toEqual({ ok: true, month: 8, year: 2031 });
    expect(parseCardExpiry(' 3/2029 ', now)).toEqual({ ok: true, month: 3, year: 2029 });
    expect(parseCardExpiry('0434', now)).toEqual({ ok: true, month: 4, year: 2034 });
  });

  it('should accept the current month and refuse an earlier one', () => {
    expect(parseCardExpiry('11/26', now)).toEqual({ ok: true, month: 11, year: 2026 });
    expect(parseCardExpiry('10/26', now)).toEqual({ ok: false, message: billingTexts.cardExpiryPast });
    expect(parseCardExpiry('01/20', now)).toEqual({ ok: false, message: billingTexts.cardExpiryPast });
  });

  it('should refuse what is not a month and year', () => {
    for (const typed of ['', '13/30', '00/30', '12', '12/3', 'ab/cd', '12/30/31']) {
      expect(parseCardExpiry(typed, now)).toEqual({ ok: false, message: billingTexts.cardExpiryInvalid });
    }
  });

  it('should refuse a year too far ahead to be printed on a card', () => {
    expect(parseCardExpiry('12/2090', now)).toEqual({ ok: false, message: billingTexts.cardExpiryInvalid });
  });
});
