import { useMemo } from 'react';
import type { EmployeeRecord, LeavePolicy } from '@teamfolk/shared/contracts';
import { RecordContextProvider, useTranslate, useUpdate } from 'react-admin';
import { todayAsIsoDate } from '../format/dates';
import { FormDialog } from '../layout/FormDialog';
import {
  employeeFormValuesOf,
  toEmployeeChangePayload,
  type EmployeeFormValues,
  type EmployeeMutationReply,
} from './employeeForms';
import { teamValueOf, withTeamField } from '../teams/employeeTeam';
import { EmployeeInputs } from './EmployeeInputs';
import { EmployeePolicyGate } from './EmployeePolicyGate';
import { useEmployeeUpdateSubmit } from './useEmployeeUpdateSubmit';

interface EmployeeEditDialogProps {
  employee: EmployeeRecord;
  onClose: () => void;
}

/** PUT /employees/:id through react-admin, which refreshes the row in every cached list page. */
export function EmployeeEditDialog({ employee, onClose }: EmployeeEditDialogProps) {
  return (
    <EmployeePolicyGate onClose={onClose}>
      {(policy) => <EmployeeEditForm employee={employee} policy={policy} onClose={onClose} />}
    </EmployeePolicyGate>
  );
}

function EmployeeEditForm({ employee, policy, onClose }: EmployeeEditDialogProps & { policy: LeavePolicy }) {
  const translate = useTranslate();
  const [update] = useUpdate<EmployeeMutationReply>();
  const defaultValues = useMemo(
    () => ({ ...employeeFormValuesOf(employee, policy, todayAsIsoDate()), ...teamValueOf(employee) }),
    [employee, policy],
  );
  const startingRecord = useMemo(() => ({ ...defaultValues, id: employee.id }), [defaultValues, employee.id]);
  const handleSubmit = useEmployeeUpdateSubmit({
    employee,
    update,
    toPayload: withTeamField((values: EmployeeFormValues) => toEmployeeChangePayload(values, defaultValues, policy)),
    savedKey: 'resources.employees.messages.updated',
    failedKey: 'resources.employees.messages.saveFailed',
    onSaved: onClose,
  });

  // react-admin's Form starts from the record in context over defaultValues: the row's record, whose
  // null working pattern (the company's) would empty the week's hours.
  return (
    <RecordContextProvider value={startingRecord}>
      <FormDialog
        title={translate('resources.employees.form.editTitle')}
        subtitle={employee.name}
        submitLabel={translate('resources.employees.form.save')}
        defaultValues={defaultValues}
        onSubmit={handleSubmit}
        onClose={onClose}
      >
        <EmployeeInputs patternFrom />
      </FormDialog>
    </RecordContextProvider>
  );
}
