import { authTexts, PASSWORD_MIN_LENGTH } from '@teamfolk/shared/contracts';

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

export interface FormProblem {
  field: keyof PasswordChangeForm;
  message: string;
}

/**
 * What stops the form from being sent, checked in the browser first (the server checks again and
 * also refuses the most common passwords): a short new password, or a confirmation that differs.
 */
export function passwordChangeProblem(form: PasswordChangeForm): FormProblem | null {
  if (form.newPassword.length < PASSWORD_MIN_LENGTH)
    return { field: 'newPassword', message: authTexts.passwordTooShort };
  if (form.newPassword !== form.confirmation) return { field: 'confirmation', message: authTexts.passwordsDoNotMatch };
  return null;
}

/** The server names the field it refused; the form shows the message under the matching input. */
export function fieldOfServerProblem(field: string | undefined): keyof PasswordChangeForm | null {
  return field === 'currentPassword' || field === 'newPassword' ? field : null;
}

/** A TOTP code as typed, digits only ("123 456" → "123456"), at most six. */
export function normaliseCodeInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** The text file the recovery codes download as: a heading line, then one code per line. */
export function recoveryCodesFile(heading: string, codes: readonly string[]): string {
  return `${[heading, '', ...codes].join('\n')}\n`;
}
