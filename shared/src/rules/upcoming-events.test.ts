import { addDays, addYears, differenceInCalendarDays, eachDayOfInterval, format, parseISO } from 'date-fns';
import { upcomingEvents, upcomingMonthDays } from './upcoming-events';

const person = (id: number, name: string, birthday: string | null, hireDate: string) => ({
  id,
  name,
  birthday,
  hireDate,
});

describe(upcomingEvents.name, () => {
  it('lists birthdays and work anniversaries of the next 30 days, today first', () => {
    const events = upcomingEvents(
      [
        person(1, 'Maria', '1990-11-21', '2026-01-05'),
        person(2, 'Tom', null, '2023-11-22'),
        person(3, 'Ana', '1985-12-20', '2020-12-21'),
        person(4, 'Far', '1985-12-21', '2020-01-01'),
      ],
      '2026-11-21',
    );
    expect(events).toEqual([
      {
        id: 'birthday-1',
        type: 'birthday',
        message: "Maria's birthday",
        daysUntil: 0,
        employeeName: 'Maria',
        date: '2026-11-21',
      },
      {
        id: 'anniversary-2',
        type: 'anniversary',
        message: "Tom's 3-year work anniversary",
        daysUntil: 1,
        employeeName: 'Tom',
        date: '2026-11-22',
      },
      {
        id: 'birthday-3',
        type: 'birthday',
        message: "Ana's birthday",
        daysUntil: 29,
        employeeName: 'Ana',
        date: '2026-12-20',
      },
    ]);
  });

  it('wraps into the next year', () => {
    const [event] = upcomingEvents([person(1, 'Jan', '2000-01-03', '2026-06-01')], '2026-12-20');
    expect(event).toMatchObject({ daysUntil: 14, date: '2027-01-03' });
  });

  it('celebrates a 29 February birthday on 28 February in common years', () => {
    expect(upcomingEvents([person(1, 'Leap', '2000-02-29', '2026-06-01')], '2027-02-20')[0]).toMatchObject({
      daysUntil: 8,
      date: '2027-02-28',
    });
    expect(upcomingEvents([person(1, 'Leap', '2000-02-29', '2026-06-01')], '2028-02-20')[0]).toMatchObject({
      date: '2028-02-29',
    });
  });

  it('does not count the hire day itself as an anniversary', () => {
    expect(upcomingEvents([person(1, 'New', null, '2026-11-21')], '2026-11-21')).toEqual([]);
  });

  it('agrees with date-fns on every birthday of a leap year seen from every day of two years', () => {
    const birthdays = eachDayOfInterval({ start: parseISO('2000-01-01'), end: parseISO('2000-12-31') }).map((day) =>
      format(day, 'yyyy-MM-dd'),
    );
    const people = birthdays.map((birthday, index) => person(index, `P${index}`, birthday, '2031-01-01'));
    for (let today = parseISO('2027-01-01'); today < parseISO('2029-01-01'); today = addDays(today, 1)) {
      const expected = birthdays
        .map((birthday) => {
          const born = parseISO(birthday);
          let next = addYears(born, today.getFullYear() - 2000);
          if (next < today) next = addYears(born, today.getFullYear() + 1 - 2000);
          return { date: format(next, 'yyyy-MM-dd'), daysUntil: differenceInCalendarDays(next, today) };
        })
        .filter((event) => event.daysUntil < 30);
      const actual = upcomingEvents(people, format(today, 'yyyy-MM-dd')).map(({ date, daysUntil }) => ({
        date,
        daysUntil,
      }));
      expect(actual).toEqual(expect.arrayContaining(expected));
      expect(actual).toHaveLength(expected.length);
    }
  });
});

describe(upcomingMonthDays.name, () => {
  it('names the month-day of every event upcomingEvents finds, over two years of todays', () => {
    const everyDay = eachDayOfInterval({ start: parseISO('2000-01-01'), end: parseISO('2000-12-31') });
    const people = everyDay.map((day, index) =>
      person(index, `P${index}`, format(day, 'yyyy-MM-dd'), format(day, 'yyyy-MM-dd')),
    );
    for (const today of eachDayOfInterval({ start: parseISO('2027-01-01'), end: parseISO('2028-12-31') })) {
      const todayIso = format(today, 'yyyy-MM-dd');
      const monthDays = new Set(upcomingMonthDays(todayIso));
      const found = upcomingEvents(people, todayIso);
      const monthDayOf = (isoDate: string) => Number(isoDate.slice(5, 7)) * 100 + Number(isoDate.slice(8, 10));
      const narrowed = people.filter(
        (one) => monthDays.has(monthDayOf(one.birthday!)) || monthDays.has(monthDayOf(one.hireDate)),
      );
      expect(upcomingEvents(narrowed, todayIso)).toEqual(found);
      expect(narrowed.length).toBeLessThanOrEqual(31);
    }
  });
});
