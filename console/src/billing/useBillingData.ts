import { useCallback, useEffect, useRef, useState } from 'react';
import {
  TIMERS_MS,
  type BillingCycleRecord,
  type BillingInfo,
  type PaymentMethodsReply,
} from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { onEmployeesChanged } from './employeesChanged';

/** One part of the screen: the last data that arrived, and the error of the last attempt if it failed. */
export interface Loadable<Data> {
  data: Data | undefined;
  error: unknown;
  loaded: boolean;
}

/** What the subscription and card tabs may do: each reloads the screen's data after a change of its own. */
export interface BillingTabActions {
  /** A checkout or card page is opening: starting another would race it. */
  working: boolean;
  onRetry: () => void;
  onChanged: () => void;
  onAddCard: () => void;
}

export interface BillingData {
  info: Loadable<BillingInfo>;
  paymentMethods: Loadable<PaymentMethodsReply>;
  history: Loadable<BillingCycleRecord[]>;
}

export interface ReloadOptions {
  /** After a change the admin made: a reload already under way may predate it, so a new one starts. */
  fresh?: boolean;
  /**
   * The card list too. The 5-second poll leaves it out: with Stripe every read is a call to Stripe,
   * and cards change only through this page (which reloads) or on another device (seen on focus).
   */
  paymentMethods?: boolean;
  /** The poll's own reload: not the admin's activity, so it keeps no session alive. */
  background?: boolean;
}

const notYetLoaded = { data: undefined, error: undefined, loaded: false };

function settle<Data>(previous: Loadable<Data>, outcome: PromiseSettledResult<Data>): Loadable<Data> {
  return outcome.status === 'fulfilled'
    ? { data: outcome.value, error: undefined, loaded: true }
    : { data: previous.data, error: outcome.reason, loaded: true };
}

/**
 * The billing screen's data, kept current as spec section 4 asks: on window focus, when the page
 * becomes visible, when employees change, and every 5 seconds while the page is visible. The parts
 * load independently, so a provider outage on the card list leaves the subscription readable, and
 * the last data stays on screen while a reload runs or after one fails. `paused`: none of this while
 * the screen is about to leave for a hosted checkout (its call to the API goes first).
 */
export function useBillingData({ paused = false }: { paused?: boolean } = {}): BillingData & {
  reload: (options?: ReloadOptions) => Promise<void>;
} {
  const [data, setData] = useState<BillingData>({
    info: notYetLoaded,
    paymentMethods: notYetLoaded,
    history: notYetLoaded,
  });
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const running = useRef<Promise<void> | undefined>(undefined);
  const latestRequest = useRef(0);

  const reload = useCallback(
    ({ fresh = false, paymentMethods = true, background = false }: ReloadOptions = {}): Promise<void> => {
      if (running.current && !fresh) return running.current;
      latestRequest.current += 1;
      const request = latestRequest.current;
      const data = <Data>(call: Promise<{ data: Data }>) => call.then((reply) => reply.data);
      const run = Promise.all([
        Promise.allSettled([
          data(dataProvider.getBillingInfo({ background })),
          data(dataProvider.getBillingHistory({ background })),
        ]),
        paymentMethods ? Promise.allSettled([data(dataProvider.getPaymentMethods())]) : Promise.resolve([]),
      ]).then(([[info, history], [cards]]) => {
        // Answers overtaken by a newer request are dropped: they may show the state before a change.
        if (request !== latestRequest.current) return;
        running.current = undefined;
        setData((previous) => ({
          info: settle(previous.info, info),
          paymentMethods: cards ? settle(previous.paymentMethods, cards) : previous.paymentMethods,
          history: settle(previous.history, history),
        }));
      });
      running.current = run;
      return run;
    },
    [dataProvider],
  );

  useEffect(() => {
    if (paused) return;
    let poller: number | undefined;
    const stopPolling = () => window.clearInterval(poller);
    const startPolling = () => {
      stopPolling();
      poller = window.setInterval(
        () => void reload({ paymentMethods: false, background: true }),
        TIMERS_MS.billingRefresh,
      );
    };
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') {
        stopPolling();
        return;
      }
      void reload();
      startPolling();
    };
    const onFocus = () => void reload();

    void reload();
    if (document.visibilityState === 'visible') startPolling();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibilityChange);
    const stopListeningToEmployees = onEmployeesChanged(() => void reload());
    return () => {
      stopPolling();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      stopListeningToEmployees();
    };
  }, [paused, reload]);

  return { ...data, reload };
}
