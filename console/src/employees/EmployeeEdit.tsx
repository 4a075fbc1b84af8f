import { useMemo } from 'react';
import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import { useTranslate, useUpdate } from 'react-admin';
import {
  employeeFormValuesOf,
  toEmployeePayload,
  type EmployeeFormValues,
  type EmployeeMutationReply,
} from './employeeForms';
import { EmployeeInputs } from './EmployeeInputs';
import { FormDialog } from './FormDialog';
import { useEmployeeFeedback } from './useEmployeeFeedback';

interface EmployeeEditDialogProps {
  employee: EmployeeRecord;
  onClose: () => void;
}

/** PUT /employees/:id through react-admin, which refreshes the row in every cached list page. */
export function EmployeeEditDialog({ employee, onClose }: EmployeeEditDialogProps) {
  const translate = useTranslate();
  const { succeeded, failed } = useEmployeeFeedback();
  const [update] = useUpdate<EmployeeMutationReply>();
  const defaultValues = useMemo(() => employeeFormValuesOf(employee), [employee]);

  async function handleSubmit(values: EmployeeFormValues) {
    const parsed = toEmployeePayload(values);
    if (!parsed.ok) return parsed.errors;
    try {
      const saved = await update(
        'employees',
        { id: employee.id, data: parsed.payload, previousData: employee },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      succeeded(saved?.message, 'resources.employees.messages.updated');
      onClose();
      return undefined;
    } catch (error) {
      return failed(error, 'resources.employees.messages.saveFailed');
    }
  }

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
