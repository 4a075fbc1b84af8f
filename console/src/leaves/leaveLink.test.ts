import { focusedLeaveIdOf, listSearchForLink } from './leaveLink';

describe('leave links', () => {
  it("should turn the e-mail's status into react-admin's list filter and keep the focus", () => {
    const search = listSearchForLink('?status=pending&focus=12');
    const params = new URLSearchParams(search ?? '');
    expect(JSON.parse(params.get('filter') ?? '')).toEqual({ status: 'pending' });
    expect(params.get('focus')).toBe('12');
  });

  it('should drop an unknown status and leave other addresses alone', () => {
    expect(listSearchForLink('?status=lost&focus=3')).toBe('?focus=3');
    expect(listSearchForLink('?filter=%7B%7D')).toBeNull();
    expect(listSearchForLink('')).toBeNull();
  });

  it('should read the focused request id', () => {
    expect(focusedLeaveIdOf('?focus=12')).toBe(12);
    expect(focusedLeaveIdOf('?focus=abc')).toBeNull();
    expect(focusedLeaveIdOf('?focus=-1')).toBeNull();
    expect(focusedLeaveIdOf('')).toBeNull();
  });
});
