import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import type { UpdateMutationFunction } from 'react-admin';
import type { EmployeeMutationReply, FieldErrors, FormParseResult } from './employeeForms';
import { useEmployeeFeedback } from './useEmployeeFeedback';

interface EmployeeUpdateSubmitOptions<Values, Payload extends Partial<EmployeeMutationReply>> {
  employee: EmployeeRecord;
  /** From react-admin's useUpdate, so that the server's reply lands in its cache and the row shows it at once. */
  update: UpdateMutationFunction<EmployeeMutationReply>;
  toPayload: (values: Values) => FormParseResult<Payload>;
  /** The i18n keys of the texts shown when the server sends none. */
  savedKey: string;
  failedKey: string;
  /** Called once saved: the dialog closes. */
  onSaved: () => void;
}

/**
 * The submit of a dialog that changes an employee: the values checked against the shared schema, then saved
 * pessimistically, so that the dialog stays open with its errors until the server has agreed.
 */
export function useEmployeeUpdateSubmit<Values, Payload extends Partial<EmployeeMutationReply>>({
  employee,
  update,
  toPayload,
  savedKey,
  failedKey,
  onSaved,
}: EmployeeUpdateSubmitOptions<Values, Payload>) {
  const { succeeded, failed } = useEmployeeFeedback();

  return async function submit(values: Values): Promise<FieldErrors | undefined> {
    const parsed = toPayload(values);
    if (!parsed.ok) return parsed.errors;
    try {
      const saved = await update(
        'employees',
        { id: employee.id, data: parsed.payload, previousData: employee },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      succeeded(saved?.message, savedKey);
      onSaved();
      return undefined;
    } catch (error) {
      return failed(error, failedKey);
    }
  };
}
