import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { PASSWORD_MIN_LENGTH } from '@teamfolk/shared/contracts';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { useSession } from '../auth/SessionProvider';
import { RequiredTextField } from '../public/RequiredTextField';
import { AccountCard } from './AccountCard';
import { fieldOfServerProblem, passwordChangeProblem, type PasswordChangeForm } from './accountSecurityForms';

const emptyForm: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmation: '' };

/** Current, new and confirmed password; the other sessions end, this tab carries on with a new one. */
export function ChangePasswordCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const notify = useNotify();
  const { adoptSession } = useSession();
  const [form, setForm] = useState<PasswordChangeForm>(emptyForm);
  const [problem, setProblem] = useState<{ field: keyof PasswordChangeForm | null; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  const update = (field: keyof PasswordChangeForm) => (event: ChangeEvent<HTMLInputElement>) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (problem?.field === field) setProblem(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = passwordChangeProblem(form);
    if (local) {
      setProblem(local);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const { data: reply } = await dataProvider.changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      adoptSession(reply);
      setForm(emptyForm);
      notify(reply.message, { type: 'success' });
    } catch (error) {
      const field = error instanceof ApiRequestError ? fieldOfServerProblem(error.field) : null;
      setProblem({ field, message: errorMessage(error, translate('app.account.password.failed')) });
    } finally {
      setSending(false);
    }
  }

  const fieldError = (field: keyof PasswordChangeForm) => (problem?.field === field ? problem.message : undefined);
  const passwordField = (field: keyof PasswordChangeForm, label: string, autoComplete: string, help?: string) => (
    <RequiredTextField
      label={label}
      type="password"
      name={field}
      autoComplete={autoComplete}
      value={form[field]}
      onChange={update(field)}
      error={Boolean(fieldError(field))}
      helperText={fieldError(field) ?? help}
      slotProps={{ htmlInput: { maxLength: 128 } }}
    />
  );

  return (
    <AccountCard title={translate('app.account.password.title')} intro={translate('app.account.password.intro')}>
      {problem && problem.field === null && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem.message}
        </Alert>
      )}
      <Box component="form" onSubmit={(event) => void submit(event)} sx={{ maxWidth: 420 }}>
        {passwordField('currentPassword', translate('app.account.password.current'), 'current-password')}
        {passwordField(
          'newPassword',
          translate('app.account.password.new'),
          'new-password',
          translate('app.account.password.newHelp', { min: PASSWORD_MIN_LENGTH }),
        )}
        {passwordField('confirmation', translate('app.account.password.confirm'), 'new-password')}
        <Button type="submit" variant="contained" loading={sending} sx={{ mt: 2 }}>
          {translate('app.account.password.submit')}
        </Button>
      </Box>
    </AccountCard>
  );
}
