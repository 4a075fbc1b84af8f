import type { EmployeePayload } from '../employees/employeeForms';
import { billingArrivalOf } from './billingArrival';

const felix: EmployeePayload = {
  name: 'Felix First',
  email: 'felix@example.com',
  role: '',
  birthday: null,
  vacation_days_total: 25,
  sick_days_total: 10,
  bank_hours_total: 0,
};

const arrival = (query: string, pending?: EmployeePayload) => billingArrivalOf(new URLSearchParams(query), pending);

describe(billingArrivalOf.name, () => {
  it('should read the return from a paid checkout with its session', () => {
    expect(arrival('success=true&session_id=cs_local_1')).toEqual({
      kind: 'paymentCompleted',
      sessionId: 'cs_local_1',
    });
  });

  it('should read a cancelled checkout', () => {
    expect(arrival('canceled=true')).toEqual({ kind: 'paymentCanceled' });
  });

  it('should read the return from the card page, saved or cancelled', () => {
    expect(arrival('setup=success&session_id=cs_local_2')).toEqual({ kind: 'cardSaved', sessionId: 'cs_local_2' });
    expect(arrival('setup=canceled')).toEqual({ kind: 'cardSetupCanceled' });
  });

  it('should start the first employee checkout only while an employee is parked', () => {
    expect(arrival('setup=first-employee', felix)).toEqual({ kind: 'firstEmployeeCheckout', employee: felix });
    expect(arrival('setup=first-employee')).toEqual({ kind: 'plain' });
  });

  it('should treat a return without its session id, or no query at all, as a plain visit', () => {
    expect(arrival('success=true')).toEqual({ kind: 'plain' });
    expect(arrival('setup=success')).toEqual({ kind: 'plain' });
    expect(arrival('')).toEqual({ kind: 'plain' });
  });
});
