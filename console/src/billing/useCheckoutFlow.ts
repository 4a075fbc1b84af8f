import { useCallback, useEffect, useRef, useState } from 'react';
import type { AlertColor } from '@mui/material';
import { TIMERS_MS } from '@teamfolk/shared/contracts';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router';
import type { EmployeePayload } from '../employees/employeeForms';
import type { EmployeesLocationState } from '../employees/EmployeeList';
import { clearPendingEmployee, readCheckoutRedirectAt, readPendingEmployee } from '../employees/firstEmployeeCheckout';
import { billingArrivalOf, type BillingArrival } from './billingArrival';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';

const BILLING_PATH = '/dashboard/billing';
const EMPLOYEES_PATH = '/dashboard/employees';

/** What the screen tells the admin about a checkout: its outcome and, while one is due, the next step. */
export interface FlowNotice {
  severity: AlertColor;
  message: string;
  nextStep?: string;
  /** A request or a redirect is under way: the billing actions wait for it. */
  working?: boolean;
}

type Translate = ReturnType<typeof useTranslate>;

interface CheckoutFlowOptions {
  reload: () => void;
  showPaymentMethods: () => void;
}

/**
 * The hosted checkout and card pages of spec section 4: going there (1 s after the message, the API
 * call running meanwhile), and coming back — a paid first checkout creates the pending employee and
 * leads to the employees screen after 2 s; a cancelled or failed one leads back to the plain billing
 * screen after 3 s.
 */
export function useCheckoutFlow({ reload, showPaymentMethods }: CheckoutFlowOptions) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [arrival] = useState(() => billingArrivalOf(searchParams, readPendingEmployee()));
  const [notice, setNotice] = useState<FlowNotice | null>(() => noticeOnArrival(arrival, translate));
  const arrivalHandled = useRef(false);
  const mounted = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A step due after the admin left the screen is dropped. The timer itself is not cleared on unmount:
  // StrictMode's trial unmount would cancel a step that the arrival, handled once, never schedules again.
  const after = useCallback((delayMs: number, step: () => void) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (mounted.current) step();
    }, delayMs);
  }, []);

  const showPlainBillingPage = useCallback(() => navigate(BILLING_PATH, { replace: true }), [navigate]);

  const failAndReturnToBilling = useCallback(
    (message: string) => {
      setNotice({ severity: 'error', message, nextStep: translate('resources.billing.flow.returningToBilling') });
      after(TIMERS_MS.failedPaymentRedirect, () => {
        showPlainBillingPage();
        setNotice({ severity: 'error', message });
      });
    },
    [after, showPlainBillingPage, translate],
  );

  /** Goes to a hosted page at `redirectAt` (epoch ms), or at once if that moment has passed. */
  const redirectTo = useCallback(
    (url: string, redirectAt: number) => after(Math.max(0, redirectAt - Date.now()), () => window.location.assign(url)),
    [after],
  );

  // Callbacks rather than try/await: a slip while handling the reply is not taken for a failed request,
  // and the arrival effect that starts these changes the screen's state only once the API has answered.

  /** The notice saying so is already up: set on arrival, or by the Subscribe Now click. */
  const requestCheckout = useCallback(
    (redirectAt: number, pendingEmployee?: EmployeePayload) =>
      dataProvider.createCheckoutSession(pendingEmployee ? { pendingEmployeeData: pendingEmployee } : {}).then(
        ({ data: { url } }) => redirectTo(url, redirectAt),
        (error: unknown) => {
          if (!pendingEmployee) {
            setNotice({
              severity: 'error',
              message: errorMessage(error, translate('resources.billing.messages.createSubscriptionFailed')),
            });
            return;
          }
          // This employee could not be paid for; the employees screen parks a new one with the next attempt.
          clearPendingEmployee();
          failAndReturnToBilling(errorMessage(error, translate('resources.billing.messages.initiatePaymentFailed')));
        },
      ),
    [dataProvider, failAndReturnToBilling, redirectTo, translate],
  );

  const requestCardSetup = useCallback(
    (redirectAt: number) =>
      dataProvider.createHostedCardSetup().then(
        ({ data: { url } }) => {
          if (url) redirectTo(url, redirectAt);
          else
            setNotice({
              severity: 'error',
              message: translate('resources.billing.messages.providerFailedToInitialize'),
            });
        },
        (error: unknown) =>
          setNotice({
            severity: 'error',
            message: errorMessage(error, translate('resources.billing.messages.addPaymentMethodFailed')),
          }),
      ),
    [dataProvider, redirectTo, translate],
  );

  const confirmPayment = useCallback(
    (sessionId: string) =>
      dataProvider.confirmCheckout(sessionId).then(
        ({ data: reply }) => {
          clearPendingEmployee();
          if (reply.employeeCreated) {
            setNotice({
              severity: 'success',
              message: reply.message,
              nextStep: translate('resources.billing.flow.redirectingToEmployees'),
            });
            const state: EmployeesLocationState = { successMessage: reply.message };
            after(TIMERS_MS.afterEmployeeCreatedRedirect, () => navigate(EMPLOYEES_PATH, { replace: true, state }));
            reload();
            return;
          }
          setNotice(
            reply.warning
              ? { severity: 'warning', message: reply.warning }
              : { severity: reply.alreadyProcessed ? 'info' : 'success', message: reply.message },
          );
          showPlainBillingPage();
          reload();
        },
        (error: unknown) => failAndReturnToBilling(failedConfirmationMessage(error, translate, 'paymentSuccessFailed')),
      ),
    [after, dataProvider, failAndReturnToBilling, navigate, reload, showPlainBillingPage, translate],
  );

  const confirmCard = useCallback(
    (sessionId: string) =>
      dataProvider.confirmCheckout(sessionId).then(
        ({ data: reply }) => {
          setNotice({ severity: reply.alreadyProcessed ? 'info' : 'success', message: reply.message });
          showPlainBillingPage();
          showPaymentMethods();
          reload();
        },
        (error: unknown) =>
          failAndReturnToBilling(failedConfirmationMessage(error, translate, 'addPaymentMethodFailed')),
      ),
    [dataProvider, failAndReturnToBilling, reload, showPaymentMethods, showPlainBillingPage, translate],
  );

  useEffect(() => {
    // Once per visit: a second payment-success call would only answer that the payment was already processed.
    if (arrivalHandled.current) return;
    arrivalHandled.current = true;
    switch (arrival.kind) {
      case 'firstEmployeeCheckout':
        void requestCheckout(readCheckoutRedirectAt() ?? Date.now() + TIMERS_MS.checkoutRedirect, arrival.employee);
        return;
      case 'paymentCompleted':
        void confirmPayment(arrival.sessionId);
        return;
      case 'cardSaved':
        void confirmCard(arrival.sessionId);
        return;
      case 'paymentCanceled':
        clearPendingEmployee();
        after(TIMERS_MS.failedPaymentRedirect, () => {
          showPlainBillingPage();
          setNotice({ severity: 'warning', message: translate('resources.billing.flow.paymentCanceled') });
        });
        return;
      case 'cardSetupCanceled':
      case 'plain':
        if (window.location.search) showPlainBillingPage();
    }
  }, [after, arrival, confirmCard, confirmPayment, requestCheckout, showPlainBillingPage, translate]);

  const dismissNotice = useCallback(() => setNotice(null), []);

  return {
    /** Why the screen was opened: a return from a checkout or card page is handled by this flow. */
    arrivalKind: arrival.kind,
    notice,
    dismissNotice,
    working: notice?.working === true,
    subscribe: () => {
      setNotice(redirectingToCheckout(translate));
      void requestCheckout(Date.now() + TIMERS_MS.checkoutRedirect);
    },
    addCard: () => {
      setNotice({
        severity: 'info',
        working: true,
        message: translate('resources.billing.flow.toCardSetup'),
        nextStep: translate('resources.billing.flow.redirecting'),
      });
      void requestCardSetup(Date.now() + TIMERS_MS.checkoutRedirect);
    },
  };
}

function redirectingToCheckout(translate: Translate, pendingEmployee?: EmployeePayload): FlowNotice {
  return {
    severity: 'info',
    working: true,
    message: pendingEmployee
      ? translate('resources.billing.flow.firstEmployeeCheckout', { name: pendingEmployee.name })
      : translate('resources.billing.flow.toCheckout'),
    nextStep: translate('resources.billing.flow.redirecting'),
  };
}

/** What the screen shows from the first render, so that a return from checkout never flashes the plain page. */
function noticeOnArrival(arrival: BillingArrival, translate: Translate): FlowNotice | null {
  switch (arrival.kind) {
    case 'firstEmployeeCheckout':
      return redirectingToCheckout(translate, arrival.employee);
    case 'paymentCompleted':
      return { severity: 'info', working: true, message: translate('resources.billing.flow.confirmingPayment') };
    case 'cardSaved':
      return { severity: 'info', working: true, message: translate('resources.billing.flow.confirmingCard') };
    case 'paymentCanceled':
      // Already on the billing screen: only the address changes after 3 s, so no 'Returning to billing...'.
      return { severity: 'warning', message: translate('resources.billing.flow.paymentCanceled') };
    case 'cardSetupCanceled':
      return { severity: 'info', message: translate('resources.billing.flow.cardSetupCanceled') };
    case 'plain':
      return null;
  }
}

/** A 401 means the session ended while the admin was at the checkout (spec section 8). */
function failedConfirmationMessage(
  error: unknown,
  translate: Translate,
  fallbackKey: 'paymentSuccessFailed' | 'addPaymentMethodFailed',
): string {
  if (error instanceof ApiRequestError && error.status === 401) {
    return translate('resources.billing.messages.paymentSuccessUnauthorized');
  }
  return errorMessage(error, translate(`resources.billing.messages.${fallbackKey}`));
}
