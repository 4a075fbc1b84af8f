import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import type { FieldErrors } from './employeeForms';

/**
 * The spec's success and failure texts (section 8), with the server's own message shown in preference.
 * A failure the server pins on a field (the duplicate e-mail) is also returned for the form to show there.
 */
export function useEmployeeFeedback() {
  const notify = useNotify();
  const translate = useTranslate();

  const succeeded = useCallback(
    (serverMessage: string | undefined, defaultKey: string) =>
      notify(serverMessage || translate(defaultKey), { type: 'success' }),
    [notify, translate],
  );

  const failed = useCallback(
    (error: unknown, defaultKey: string): FieldErrors | undefined => {
      const message = errorMessage(error, translate(defaultKey));
      notify(message, { type: 'error' });
      const field = error instanceof ApiRequestError ? error.field : undefined;
      return field ? { [field]: message } : undefined;
    },
    [notify, translate],
  );

  return { succeeded, failed };
}
