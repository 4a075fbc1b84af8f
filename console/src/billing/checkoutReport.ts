import type { PaymentSuccessReply } from '@teamfolk/shared/contracts';

/**
 * A paid checkout whose return page was lost (a closed tab, another host, an ended session): while the
 * server finishes it, the screens say so; once it is finished, the screen that sees it confirms it
 * (payment-success, as the return page would have) and tells what the payment did.
 */
export type CheckoutReport =
  | { state: 'finishing'; employeeName: string | null }
  | { state: 'reported'; employeeName: string | null; reply: PaymentSuccessReply };

export interface CheckoutReportView {
  severity: 'info' | 'success' | 'warning';
  /** The server is still at it: shown with a spinner, not dismissible. */
  working: boolean;
  title: string;
  body?: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function checkoutReportView(report: CheckoutReport, translate: Translate): CheckoutReportView {
  const name = report.employeeName;
  if (report.state === 'finishing') {
    return {
      severity: 'info',
      working: true,
      title: name
        ? translate('resources.billing.report.finishing', { name })
        : translate('resources.billing.report.finishingSubscription'),
    };
  }
  const { reply } = report;
  return {
    severity: reply.warning ? 'warning' : 'success',
    working: false,
    title: name ? translate('resources.billing.report.paidFor', { name }) : translate('resources.billing.report.paid'),
    body: reply.warning ?? reply.message,
  };
}
