import { firstStepOfAdding } from './addEmployeeFlow';

describe(firstStepOfAdding.name, () => {
  it('should ask an admin whose address is unverified to verify it before the seat dialog and the form', () => {
    expect(firstStepOfAdding({ emailVerified: false })).toBe('verifyingEmail');
  });

  it('should show a verified admin the billing impact of the seat first', () => {
    expect(firstStepOfAdding({ emailVerified: true })).toBe('confirmingSeat');
  });
});
