import { authTexts } from '@teamfolk/shared/contracts';
import {
  fieldOfServerProblem,
  normaliseCodeInput,
  passwordChangeProblem,
  recoveryCodesFile,
} from './accountSecurityForms';

describe(passwordChangeProblem.name, () => {
  const form = { currentPassword: 'old one', newPassword: 'a new passphrase', confirmation: 'a new passphrase' };

  it('should let a long enough, confirmed new password through', () => {
    expect(passwordChangeProblem(form)).toBeNull();
  });

  it('should say when the confirmation differs', () => {
    expect(passwordChangeProblem({ ...form, confirmation: 'a new passphrasE' })).toEqual({
      field: 'confirmation',
      message: authTexts.passwordsDoNotMatch,
    });
  });

  it('should apply the sign-up length rule first', () => {
    expect(passwordChangeProblem({ ...form, newPassword: 'short', confirmation: 'other' })).toEqual({
      field: 'newPassword',
      message: authTexts.passwordTooShort,
    });
  });
});

describe(fieldOfServerProblem.name, () => {
  it('should map the fields the form has and nothing else', () => {
    expect(fieldOfServerProblem('currentPassword')).toBe('currentPassword');
    expect(fieldOfServerProblem('newPassword')).toBe('newPassword');
    expect(fieldOfServerProblem('password')).toBeNull();
    expect(fieldOfServerProblem(undefined)).toBeNull();
  });
});

describe(normaliseCodeInput.name, () => {
  it('should keep the first six digits of whatever was typed or pasted', () => {
    expect(normaliseCodeInput(' 123 456 ')).toBe('123456');
    expect(normaliseCodeInput('12-34-56-78')).toBe('123456');
    expect(normaliseCodeInput('abc')).toBe('');
  });
});

describe(recoveryCodesFile.name, () => {
  it('should put one code per line under the heading', () => {
    expect(recoveryCodesFile('Codes for ada@example.com', ['abcde-fghjk', '01234-56789'])).toBe(
      'Codes for ada@example.com\n\nabcde-fghjk\n01234-56789\n',
    );
  });
});
