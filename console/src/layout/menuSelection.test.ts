import { selectedMenuResource } from './menuSelection';

describe(selectedMenuResource.name, () => {
  it('should select the menu item of the screen, and Dashboard only on the home screen', () => {
    expect(selectedMenuResource('/dashboard')).toBe('dashboard');
    expect(selectedMenuResource('/dashboard/employees')).toBe('employees');
    expect(selectedMenuResource('/dashboard/teams')).toBe('teams');
    expect(selectedMenuResource('/dashboard/leaves')).toBe('leaves');
    expect(selectedMenuResource('/dashboard/calendar')).toBe('calendar');
    expect(selectedMenuResource('/dashboard/billing')).toBe('billing');
    expect(selectedMenuResource('/dashboard/leave-policy')).toBe('leavePolicy');
    expect(selectedMenuResource('/dashboard/reports/bradford')).toBe('reports');
  });

  it('should keep Employees selected on the former employees, reached from it', () => {
    expect(selectedMenuResource('/dashboard/former-employees')).toBe('employees');
  });

  it('should select nothing on screens outside the menu', () => {
    expect(selectedMenuResource('/dashboard/account')).toBeNull();
    expect(selectedMenuResource('/dashboard/nowhere')).toBeNull();
  });
});
