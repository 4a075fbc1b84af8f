import { newBlackoutDefaults, toBlackoutPayload } from './blackoutForm';

describe('toBlackoutPayload', () => {
  it('sends a company-wide period as team_id null, vacation and hours bank by default', () => {
    expect(
      toBlackoutPayload({ ...newBlackoutDefaults('2026-12-24'), end_date: '2027-01-02', reason: ' Stock-take ' }),
    ).toEqual({
      ok: true,
      payload: {
        start_date: '2026-12-24',
        end_date: '2027-01-02',
        team_id: null,
        reason: 'Stock-take',
        request_types: ['vacation', 'hours_bank'],
      },
    });
  });

  it('names the field the API would refuse', () => {
    const result = toBlackoutPayload({
      ...newBlackoutDefaults('2026-12-24'),
      reason: 'Close',
      request_types: [],
      team_id: 3,
    });
    expect(result).toEqual({
      ok: false,
      errors: { request_types: 'request_types must list at least one request type' },
    });
    const backwards = toBlackoutPayload({
      ...newBlackoutDefaults('2026-12-24'),
      end_date: '2026-12-20',
      reason: 'Close',
    });
    expect(backwards).toEqual({ ok: false, errors: { end_date: 'end_date must not be before start_date' } });
  });
});
