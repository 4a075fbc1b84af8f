import type { CalendarEvent } from '@teamfolk/shared/contracts';
import { colleaguesOutOfEvents } from './colleaguesOut';

const event = (
  id: number,
  employeeName: string,
  start: string,
  end: string,
  status: CalendarEvent['status'] = 'approved',
) => ({ id, employeeName, start, end, status, requestType: 'out' }) as CalendarEvent;

const request = { id: 10, employee_name: 'Cy', start_date: '2026-12-07', end_date: '2026-12-09' };

describe('colleaguesOutOfEvents', () => {
  it('lists approved colleagues touching the dates, merged, by name', () => {
    const out = colleaguesOutOfEvents(
      [
        event(1, 'Ben', '2026-12-09', '2026-12-11'),
        event(2, 'Ana', '2026-12-01', '2026-12-07'),
        event(3, 'Ana', '2026-12-08', '2026-12-08'),
      ],
      request,
    );
    expect(out).toEqual([
      { name: 'Ana', dates: [{ start: '2026-12-01', end: '2026-12-08' }] },
      { name: 'Ben', dates: [{ start: '2026-12-09', end: '2026-12-11' }] },
    ]);
  });

  it('leaves out pending leave, the request itself, its owner and other dates', () => {
    const out = colleaguesOutOfEvents(
      [
        event(1, 'Ben', '2026-12-08', '2026-12-08', 'pending'),
        event(10, 'Cy', '2026-12-07', '2026-12-09'),
        event(4, 'Cy', '2026-12-09', '2026-12-09'),
        event(5, 'Dee', '2026-12-10', '2026-12-12'),
      ],
      request,
    );
    expect(out).toEqual([]);
  });
});
