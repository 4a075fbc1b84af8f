import type { ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent } from '@mui/material';
import type { LeavePolicy } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { useLeavePolicy } from '../balances/useLeavePolicy';
import { DialogLoading } from '../layout/DialogLoading';

/**
 * The employee dialogs start from the company's leave policy (its allowances and working pattern
 * prefill the form, and decide what a save leaves to the policy): a loader until it is read, or why not.
 */
export function EmployeePolicyGate({
  onClose,
  children,
}: {
  onClose: () => void;
  children: (policy: LeavePolicy) => ReactNode;
}) {
  const translate = useTranslate();
  const { policy, failed, reload } = useLeavePolicy();
  if (policy) return children(policy);
  if (!failed) return <DialogLoading onClose={onClose} />;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-label={translate('resources.employees.form.policyLoadFailed')}
    >
      <DialogContent>
        <Alert severity="error">{translate('resources.employees.form.policyLoadFailed')}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={reload}>
          {translate('resources.employees.form.retry')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
