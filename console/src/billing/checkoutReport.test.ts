import type { PaymentSuccessReply } from '@teamfolk/shared/contracts';
import { checkoutReportView } from './checkoutReport';

const translate = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

const reply = (overrides: Partial<PaymentSuccessReply>): PaymentSuccessReply => ({
  success: true,
  employeeCreated: true,
  subscription: { status: 'active', currentPeriodEnd: '2026-12-01T00:00:00.000Z', endedAt: null },
  message: 'Employee added successfully and invitation email sent',
  ...overrides,
});

describe(checkoutReportView.name, () => {
  it('should say a paid checkout is being finished, naming the employee it pays for', () => {
    expect(checkoutReportView({ state: 'finishing', employeeName: 'Felix First' }, translate)).toEqual({
      severity: 'info',
      working: true,
      title: 'resources.billing.report.finishing {"name":"Felix First"}',
    });
    expect(checkoutReportView({ state: 'finishing', employeeName: null }, translate)).toEqual({
      severity: 'info',
      working: true,
      title: 'resources.billing.report.finishingSubscription',
    });
  });

  it('should tell what the payment did once it is finished', () => {
    expect(checkoutReportView({ state: 'reported', employeeName: 'Felix First', reply: reply({}) }, translate)).toEqual(
      {
        severity: 'success',
        working: false,
        title: 'resources.billing.report.paidFor {"name":"Felix First"}',
        body: 'Employee added successfully and invitation email sent',
      },
    );
  });

  it('should warn when the payment went through but the employee could not be added', () => {
    const warning = 'The payment went through, but the employee could not be created: add them again.';
    expect(
      checkoutReportView(
        { state: 'reported', employeeName: 'Felix First', reply: reply({ employeeCreated: false, warning }) },
        translate,
      ),
    ).toEqual({
      severity: 'warning',
      working: false,
      title: 'resources.billing.report.paidFor {"name":"Felix First"}',
      body: warning,
    });
    expect(
      checkoutReportView(
        {
          state: 'reported',
          employeeName: null,
          reply: reply({ employeeCreated: false, message: 'Subscription activated successfully' }),
        },
        translate,
      ),
    ).toEqual({
      severity: 'success',
      working: false,
      title: 'resources.billing.report.paid',
      body: 'Subscription activated successfully',
    });
  });
});
