import { useState } from 'react';
import { Box } from '@mui/material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import { Confirm, useDataProvider, useDelete, useRecordContext, useTranslate } from 'react-admin';
import { BalanceLedgerOpener } from '../balances/BalanceLedgerOpener';
import { announceEmployeesChanged } from '../billing/employeesChanged';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { EmployeeBalancesDialog } from './EmployeeBalancesDialog';
import { EmployeeEditDialog } from './EmployeeEdit';
import type { EmployeeMutationReply } from './employeeForms';
import { useEmployeeFeedback } from './useEmployeeFeedback';
import { RowIconButton } from '../layout/RowIconButton';

type OpenDialog = 'edit' | 'balances' | 'delete' | null;

/** Edit, manage balances, see how they are worked out, delete (after confirming) and, for people who have not joined yet, resend the invitation. */
export function EmployeeRowActions() {
  const employee = useRecordContext<EmployeeRecord>();
  const translate = useTranslate();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  if (!employee) return null;

  const close = () => setOpenDialog(null);
  const name = employee.name;

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
        {employee.account_status === 'invited' && <ResendInvitationButton employee={employee} />}
        <RowIconButton
          tooltip={translate('resources.employees.actions.edit')}
          label={translate('resources.employees.actions.editLabel', { name })}
          icon={<EditIcon />}
          onClick={() => setOpenDialog('edit')}
        />
        <RowIconButton
          tooltip={translate('resources.employees.actions.balances')}
          label={translate('resources.employees.actions.balancesLabel', { name })}
          icon={<AccountBalanceWalletIcon />}
          onClick={() => setOpenDialog('balances')}
        />
        <BalanceLedgerOpener
          employeeId={employee.id}
          name={name}
          renderOpener={(open) => (
            <RowIconButton
              tooltip={translate('resources.employees.actions.ledger')}
              label={translate('resources.employees.actions.ledgerLabel', { name })}
              icon={<ReceiptLongIcon />}
              onClick={open}
            />
          )}
        />
        <RowIconButton
          tooltip={translate('resources.employees.actions.delete')}
          label={translate('resources.employees.actions.deleteLabel', { name })}
          icon={<DeleteIcon />}
          color="error"
          onClick={() => setOpenDialog('delete')}
        />
      </Box>
      {openDialog === 'edit' && <EmployeeEditDialog employee={employee} onClose={close} />}
      {openDialog === 'balances' && <EmployeeBalancesDialog employee={employee} onClose={close} />}
      <DeleteEmployeeConfirm employee={employee} open={openDialog === 'delete'} onClose={close} />
    </>
  );
}

function ResendInvitationButton({ employee }: { employee: EmployeeRecord }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const { succeeded, failed } = useEmployeeFeedback();
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      const { data: reply } = await dataProvider.resendInvitation(employee.id);
      succeeded(reply.message, 'resources.employees.messages.invitationResent');
    } catch (error) {
      failed(error, 'resources.employees.messages.resendFailed');
    } finally {
      setSending(false);
    }
  }

  return (
    <RowIconButton
      tooltip={translate('resources.employees.actions.resendInvitation')}
      label={translate('resources.employees.actions.resendInvitationLabel', { name: employee.name })}
      icon={<ForwardToInboxIcon />}
      busy={sending}
      onClick={() => void resend()}
    />
  );
}

interface DeleteEmployeeConfirmProps {
  employee: EmployeeRecord;
  open: boolean;
  onClose: () => void;
}

/** DELETE /employees/:id through react-admin, which drops the row from the cached lists and refetches them. */
function DeleteEmployeeConfirm({ employee, open, onClose }: DeleteEmployeeConfirmProps) {
  const { succeeded, failed } = useEmployeeFeedback();
  const [deleteOne, { isPending }] = useDelete<EmployeeMutationReply>();

  async function confirmDelete() {
    try {
      const deleted = await deleteOne(
        'employees',
        { id: employee.id, previousData: employee },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      announceEmployeesChanged();
      succeeded(deleted?.message, 'resources.employees.messages.deleted');
      onClose();
    } catch (error) {
      failed(error, 'resources.employees.messages.deleteFailed');
    }
  }

  return (
    <Confirm
      isOpen={open}
      loading={isPending}
      title="resources.employees.delete.title"
      content="resources.employees.delete.content"
      translateOptions={{ name: employee.name }}
      confirm="resources.employees.delete.confirm"
      confirmColor="warning"
      ConfirmIcon={DeleteIcon}
      onConfirm={() => void confirmDelete()}
      onClose={onClose}
    />
  );
}
