import { useEffect, useRef, useState } from 'react';
import { TIMERS_MS, type PaymentSuccessReply, type UnreportedCheckout } from '@teamfolk/shared/contracts';
import { session } from '../auth/session';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import type { CheckoutReport } from './checkoutReport';

/**
 * Follows the checkout the billing info names: `finishing` as long as it is, then confirms it once and
 * reports the reply; `onReported` runs after that confirmation. Null when there is nothing to tell.
 */
export function useCheckoutReport(
  checkout: UnreportedCheckout | null | undefined,
  onReported: (reply: PaymentSuccessReply) => void,
): { report: CheckoutReport | null; dismiss: () => void } {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [reported, setReported] = useState<CheckoutReport | null>(null);
  const confirming = useRef(new Set<string>());
  const reportedListener = useRef(onReported);
  useEffect(() => {
    reportedListener.current = onReported;
  });

  useEffect(() => {
    if (checkout?.state !== 'finished' || confirming.current.has(checkout.sessionId)) return;
    confirming.current.add(checkout.sessionId);
    dataProvider.confirmCheckout(checkout.sessionId).then(
      ({ data: reply }) => {
        // Another screen (or tab) told it first: nothing more to say here.
        if (reply.alreadyProcessed) return;
        setReported({ state: 'reported', employeeName: checkout.employeeName, reply });
        reportedListener.current(reply);
      },
      () => undefined,
    );
  }, [checkout, dataProvider]);

  const report: CheckoutReport | null =
    reported ?? (checkout?.state === 'finishing' ? { state: 'finishing', employeeName: checkout.employeeName } : null);
  return { report, dismiss: () => setReported(null) };
}

/**
 * For screens that do not poll the billing info themselves (the employees screen): the unreported
 * checkout, read once the sign-in's subscription sync has answered, then every 5 seconds while it is
 * being finished.
 */
export function useUnreportedCheckout(): UnreportedCheckout | null {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [checkout, setCheckout] = useState<UnreportedCheckout | null>(null);
  useEffect(() => {
    let timer: number | undefined;
    let current = true;
    const load = () =>
      dataProvider.getBillingInfo({ background: true }).then(
        ({ data: info }) => {
          if (!current) return;
          setCheckout(info.unreportedCheckout);
          if (info.unreportedCheckout?.state === 'finishing') timer = window.setTimeout(load, TIMERS_MS.billingRefresh);
        },
        () => undefined,
      );
    void session.subscriptionSynced().then(load);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [dataProvider]);
  return checkout;
}
