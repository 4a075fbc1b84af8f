import { en } from '../i18n/en';
import { returnLoadingLabel } from './returnLoadingLabel';

describe(returnLoadingLabel.name, () => {
  it('should say the payment is being confirmed while a checkout return loads', () => {
    expect(returnLoadingLabel('/dashboard/billing', '?success=true&session_id=cs_local_1')).toBe(
      en.resources.billing.flow.confirmingPayment,
    );
  });

  it('should say the card is being saved while a card page return loads', () => {
    expect(returnLoadingLabel('/dashboard/billing', '?setup=success&session_id=cs_local_2')).toBe(
      en.resources.billing.flow.confirmingCard,
    );
  });

  it('should leave every other page to the usual loading text', () => {
    expect(returnLoadingLabel('/dashboard/billing', '?canceled=true')).toBeUndefined();
    expect(returnLoadingLabel('/dashboard/billing', '?success=true')).toBeUndefined();
    expect(returnLoadingLabel('/dashboard/employees', '?success=true&session_id=cs_local_1')).toBeUndefined();
    expect(returnLoadingLabel('/dashboard', '')).toBeUndefined();
  });
});
