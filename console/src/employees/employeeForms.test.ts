import { newEmployeeDefaults, toBalancesPayload, toEmployeePayload } from './employeeForms';

describe(toEmployeePayload.name, () => {
  const defaults = newEmployeeDefaults('2025-06-01');

  it('should start a new employee hired today, with no birthday (the list says Not set) and the spec balances', () => {
    expect(defaults).toMatchObject({
      hire_date: '2025-06-01',
      birthday: null,
      vacation_days_total: 25,
      sick_days_total: 10,
      bank_hours_total: 0,
    });
  });

  it('should save no birthday when the form is sent with its defaults', () => {
    const result = toEmployeePayload({ ...defaults, name: 'Maria Lopez', email: 'maria@example.com' });
    expect(result).toMatchObject({ ok: true, payload: { hire_date: '2025-06-01', birthday: null } });
  });

  it('should send numbers as numbers, dates as YYYY-MM-DD and a cleared birthday as null', () => {
    const result = toEmployeePayload({
      ...defaults,
      name: '  Maria Lopez ',
      email: 'Maria@Example.com',
      role: null,
      birthday: '',
      bank_hours_total: 12.25,
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Maria Lopez',
        email: 'maria@example.com',
        role: '',
        hire_date: '2025-06-01',
        birthday: null,
        vacation_days_total: 25,
        sick_days_total: 10,
        bank_hours_total: 12.3,
      },
    });
  });

  it('should report invalid fields by name', () => {
    const result = toEmployeePayload({ ...defaults, name: '', email: 'not-an-address', vacation_days_total: -1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'vacation_days_total']);
  });
});

describe(toBalancesPayload.name, () => {
  const balances = {
    vacation_days_total: 25,
    vacation_days_used: 3,
    sick_days_total: 10,
    sick_days_used: 12,
    bank_hours_total: 8,
    bank_hours_used: 2.5,
  };

  it('should accept sick days used above the total', () => {
    expect(toBalancesPayload(balances)).toEqual({ ok: true, payload: balances });
  });

  it('should refuse vacation days or bank hours used above their total', () => {
    expect(toBalancesPayload({ ...balances, vacation_days_used: 26, bank_hours_used: 9 })).toEqual({
      ok: false,
      errors: {
        vacation_days_used: 'resources.employees.balances.usedAboveTotal',
        bank_hours_used: 'resources.employees.balances.usedAboveTotal',
      },
    });
  });

  it('should refuse an emptied field', () => {
    const result = toBalancesPayload({ ...balances, sick_days_total: null });
    expect(result.ok).toBe(false);
  });
});
