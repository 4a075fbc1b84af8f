import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  TIMERS_MS,
  type EmployeeSavedReply,
  type LeavePolicy,
  type SeatRequiredError,
} from '@teamfolk/shared/contracts';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { announceEmployeesChanged } from '../billing/employeesChanged';
import { ApiRequestError } from '../providers/apiError';
import { FormDialog } from '../layout/FormDialog';
import { teamValueOf, withTeamField, type WithTeamValue } from '../teams/employeeTeam';
import { todayAsIsoDate } from '../format/dates';
import {
  checkoutEmployeeOf,
  newEmployeeDefaults,
  toEmployeeCreatePayload,
  type EmployeeCreatePayload,
  type EmployeeFormValues,
  type EmployeePayload,
} from './employeeForms';
import { firstStepOfAdding, type AddStep } from './addEmployeeFlow';
import { EmployeeInputs } from './EmployeeInputs';
import { EmployeePolicyGate } from './EmployeePolicyGate';
import { handOffFirstEmployeeToCheckout } from './firstEmployeeCheckout';
import { SeatConfirmationDialog } from './SeatConfirmationDialog';
import { useEmployeeFeedback } from './useEmployeeFeedback';
import { VerifyEmailFirstDialog } from './VerifyEmailFirstDialog';

const BILLING_PATH = '/dashboard/billing';

const StartAddingContext = createContext<() => void>(() => undefined);

/**
 * The add flow of spec section 2: the billing-impact confirmation, then the form (or first, for an admin
 * whose address is unverified, why adding must wait). It lives once per screen so that both Add buttons
 * (toolbar and empty state) share it, and so that a pending redirect to billing survives the list
 * re-rendering underneath.
 */
export function AddEmployeeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [step, setStep] = useState<AddStep>('idle');
  const redirectToPayment = usePaymentRedirect();
  const emailVerified = user?.emailVerified ?? false;
  const startAdding = useCallback(() => {
    const first = firstStepOfAdding({ emailVerified });
    setStep(first);
    // The first employee goes on to the billing screen's checkout: its code is fetched meanwhile.
    if (first === 'confirmingSeat') import('../billing/BillingPage').catch(() => undefined);
  }, [emailVerified]);
  const stopAdding = useCallback(() => setStep('idle'), []);

  return (
    <StartAddingContext.Provider value={startAdding}>
      {children}
      {step === 'verifyingEmail' && <VerifyEmailFirstDialog onClose={stopAdding} />}
      {step === 'confirmingSeat' && (
        <SeatConfirmationDialog onCancel={stopAdding} onContinue={() => setStep('filling')} />
      )}
      {step === 'filling' && (
        <EmployeeCreateDialog
          onClose={stopAdding}
          onPaymentRequired={(seatRequired, employee) => {
            stopAdding();
            redirectToPayment(seatRequired, employee);
          }}
        />
      )}
    </StartAddingContext.Provider>
  );
}

export function AddEmployeeButton() {
  const translate = useTranslate();
  const startAdding = useContext(StartAddingContext);
  return (
    <Button variant="contained" startIcon={<PersonAddIcon />} onClick={startAdding}>
      {translate('resources.employees.actions.add')}
    </Button>
  );
}

interface EmployeeCreateDialogProps {
  onClose: () => void;
  onPaymentRequired: (seatRequired: SeatRequiredError, employee: EmployeePayload) => void;
}

function EmployeeCreateDialog(props: EmployeeCreateDialogProps) {
  return (
    <EmployeePolicyGate onClose={props.onClose}>
      {(policy) => <EmployeeCreateForm {...props} policy={policy} />}
    </EmployeePolicyGate>
  );
}

function EmployeeCreateForm({
  onClose,
  onPaymentRequired,
  policy,
}: EmployeeCreateDialogProps & { policy: LeavePolicy }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { succeeded, failed } = useEmployeeFeedback();
  const [create] = useCreate<EmployeeCreatePayload, unknown, EmployeeSavedReply>();
  const defaultValues = useMemo(
    () => ({ ...newEmployeeDefaults(todayAsIsoDate(), policy), ...teamValueOf() }),
    [policy],
  );

  async function handleSubmit(values: WithTeamValue<EmployeeFormValues>) {
    const parsed = withTeamField((formValues: EmployeeFormValues) => toEmployeeCreatePayload(formValues, policy))(
      values,
    );
    if (!parsed.ok) return parsed.errors;
    try {
      const saved = await create('employees', { data: parsed.payload }, { returnPromise: true });
      announceEmployeesChanged();
      // The employee exists even when the invitation could not be queued; the warning says so.
      if (saved?.warning) notify(saved.warning, { type: 'warning' });
      else succeeded(saved?.message, 'resources.employees.messages.added');
      onClose();
      return undefined;
    } catch (error) {
      const seatRequired = seatRequiredErrorOf(error);
      if (seatRequired) {
        onPaymentRequired(seatRequired, checkoutEmployeeOf(parsed.payload));
        return undefined;
      }
      return failed(error, 'resources.employees.messages.saveFailed');
    }
  }

  return (
    <FormDialog
      title={translate('resources.employees.form.createTitle')}
      submitLabel={translate('resources.employees.form.create')}
      defaultValues={defaultValues}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <EmployeeInputs />
    </FormDialog>
  );
}

function seatRequiredErrorOf(error: unknown): SeatRequiredError | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 402 || error.body.requiresPayment !== true)
    return undefined;
  const { message, error: reason, isFirstEmployee } = error.body;
  return {
    message: typeof message === 'string' ? message : '',
    error: typeof reason === 'string' ? reason : '',
    requiresPayment: true,
    isFirstEmployee: isFirstEmployee === true,
  };
}

/**
 * A 402 on save (spec sections 4 and 8): the first employee goes to checkout with the data typed so
 * far, one second later; a later one needs a payment method, so the admin is sent to billing after
 * two seconds.
 */
function usePaymentRedirect() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    ({ isFirstEmployee }: SeatRequiredError, employee: EmployeePayload) => {
      window.clearTimeout(timer.current);
      if (isFirstEmployee) {
        notify(translate('resources.employees.messages.firstEmployeeRequiresPayment'), { type: 'info' });
        // The second counts from now; the billing screen opens the checkout when it is up.
        handOffFirstEmployeeToCheckout(employee, navigate, Date.now() + TIMERS_MS.checkoutRedirect);
      } else {
        notify(translate('resources.employees.messages.paymentMethodRequired'), { type: 'warning' });
        timer.current = window.setTimeout(() => navigate(BILLING_PATH), TIMERS_MS.paymentRequiredRedirect);
      }
    },
    [navigate, notify, translate],
  );
}
