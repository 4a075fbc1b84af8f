import { useMemo } from 'react';
import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import { useTranslate, useUpdate } from 'react-admin';
import { FormDialog } from '../layout/FormDialog';
import { teamValueOf, withTeamField } from '../teams/employeeTeam';
import { employeeFormValuesOf, toEmployeePayload, type EmployeeMutationReply } from './employeeForms';
import { EmployeeInputs } from './EmployeeInputs';
import { useEmployeeUpdateSubmit } from './useEmployeeUpdateSubmit';

const employeePayloadWithTeam = withTeamField(toEmployeePayload);

interface EmployeeEditDialogProps {
  employee: EmployeeRecord;
  onClose: () => void;
}

/** PUT /employees/:id through react-admin, which refreshes the row in every cached list page. */
export function EmployeeEditDialog({ employee, onClose }: EmployeeEditDialogProps) {
  const translate = useTranslate();
  const [update] = useUpdate<EmployeeMutationReply>();
  const defaultValues = useMemo(() => ({ ...employeeFormValuesOf(employee), ...teamValueOf(employee) }), [employee]);
  const handleSubmit = useEmployeeUpdateSubmit({
    employee,
    update,
    toPayload: employeePayloadWithTeam,
    savedKey: 'resources.employees.messages.updated',
    failedKey: 'resources.employees.messages.saveFailed',
    onSaved: onClose,
  });

  return (
    <FormDialog
      title={translate('resources.employees.form.editTitle')}
      subtitle={employee.name}
      submitLabel={translate('resources.employees.form.save')}
      defaultValues={defaultValues}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <EmployeeInputs />
    </FormDialog>
  );
}
