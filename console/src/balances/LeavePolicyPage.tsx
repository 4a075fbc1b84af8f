import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Paper,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { ACCRUAL_METHODS, WEEKDAYS, yearOpeningText, type LeavePolicy } from '@teamfolk/shared/contracts';
import { leaveYearOf, nextYearOpening } from '@teamfolk/shared/rules';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { calendarDayFormat, formatIsoDate, todayAsIsoDate } from '../format/dates';
import { Page } from '../layout/Page';
import { ApiRequestError, errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import {
  numberOfText,
  parsePolicyForm,
  policyFormValuesOf,
  type LeavePolicyFormValues,
  type PolicyFieldErrors,
} from './leavePolicyForm';
import { useLeavePolicy } from './useLeavePolicy';

const monthFormat = calendarDayFormat({ month: 'long' });
const MONTH_NAMES = Array.from({ length: 12 }, (_, index) =>
  formatIsoDate(`2001-${String(index + 1).padStart(2, '0')}-01`, monthFormat),
);

/** The example's days left over when the page opens: enough to show a cap of up to 5 days at work. */
const EXAMPLE_UNUSED_DAYS = '5';

/** Settings → Leave Policy (admins): GET/PUT /api/leave-policy, with the next year's opening as a sentence. */
export function LeavePolicyPage() {
  const translate = useTranslate();
  const { policy, failed, reload } = useLeavePolicy();

  return (
    <Page title={translate('resources.leavePolicy.name')}>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {translate('resources.leavePolicy.intro')}
      </Typography>
      {policy ? (
        <LeavePolicyForm policy={policy} />
      ) : failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('resources.leavePolicy.retry')}
            </Button>
          }
        >
          {translate('resources.leavePolicy.messages.fetchFailed')}
        </Alert>
      ) : (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{translate('resources.leavePolicy.loading')}</Typography>
        </Box>
      )}
    </Page>
  );
}

const sectionSx = { p: { xs: 2, sm: 3 }, mb: 2 } as const;
const fieldGridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** A part of the form, named by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={sectionSx}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function LeavePolicyForm({ policy }: { policy: LeavePolicy }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [values, setValues] = useState<LeavePolicyFormValues>(() => policyFormValuesOf(policy));
  const [serverErrors, setServerErrors] = useState<PolicyFieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const parsed = parsePolicyForm(values);
  const errors: PolicyFieldErrors = { ...(showErrors && !parsed.ok ? parsed.errors : {}), ...serverErrors };

  function change(update: (current: LeavePolicyFormValues) => LeavePolicyFormValues) {
    setValues(update);
    setServerErrors({});
    setSavedAt(null);
  }

  async function save(submit: FormEvent) {
    submit.preventDefault();
    setShowErrors(true);
    setSaveError(null);
    if (!parsed.ok) return;
    setSaving(true);
    try {
      const {
        data: { message, ...saved },
      } = await dataProvider.saveLeavePolicy(parsed.policy);
      setValues(policyFormValuesOf(saved));
      setSavedAt(new Date());
      notify(message || translate('resources.leavePolicy.messages.saved'), { type: 'success' });
    } catch (error) {
      const message = errorMessage(error, translate('resources.leavePolicy.messages.saveFailed'));
      const field = error instanceof ApiRequestError ? error.field : undefined;
      if (field) setServerErrors({ [field]: message });
      setSaveError(message);
    } finally {
      setSaving(false);
    }
  }

  const numberField = (
    path: string,
    label: string,
    value: string,
    onChange: (text: string) => void,
    { step = 0.5, helperText }: { step?: number; helperText?: string } = {},
  ) => (
    <TextField
      label={label}
      type="number"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(errors[path])}
      helperText={errors[path] ?? helperText}
      slotProps={{ htmlInput: { min: 0, step, inputMode: 'decimal' } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(submit) => void save(submit)} sx={{ maxWidth: 880 }}>
      <Section title={translate('resources.leavePolicy.sections.year')}>
        <Box sx={fieldGridSx}>
          <TextField
            select
            label={translate('resources.leavePolicy.fields.leave_year_start_month')}
            value={values.leave_year_start_month}
            onChange={(event) =>
              change((current) => ({ ...current, leave_year_start_month: Number(event.target.value) }))
            }
            error={Boolean(errors.leave_year_start_month)}
            helperText={errors.leave_year_start_month}
          >
            {MONTH_NAMES.map((month, index) => (
              <MenuItem key={month} value={index + 1}>
                {month}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Section>

      <Section title={translate('resources.leavePolicy.sections.vacation')}>
        <Box sx={fieldGridSx}>
          {numberField(
            'vacation.annual_days',
            translate('resources.leavePolicy.fields.annual_days'),
            values.vacation.annual_days,
            (annual_days) => change((current) => ({ ...current, vacation: { ...current.vacation, annual_days } })),
          )}
          <TextField
            select
            label={translate('resources.leavePolicy.fields.accrual')}
            value={values.vacation.accrual}
            onChange={(event) =>
              change((current) => ({
                ...current,
                vacation: { ...current.vacation, accrual: event.target.value as LeavePolicy['vacation']['accrual'] },
              }))
            }
          >
            {ACCRUAL_METHODS.map((method) => (
              <MenuItem key={method} value={method}>
                {translate(`resources.leavePolicy.accrual.${method}`)}
              </MenuItem>
            ))}
          </TextField>
          {numberField(
            'vacation.carry_over_max_days',
            translate('resources.leavePolicy.fields.carry_over_max_days'),
            values.vacation.carry_over_max_days,
            (carry_over_max_days) =>
              change((current) => ({ ...current, vacation: { ...current.vacation, carry_over_max_days } })),
          )}
          {numberField(
            'vacation.carry_over_expiry_months',
            translate('resources.leavePolicy.fields.carry_over_expiry_months'),
            values.vacation.carry_over_expiry_months,
            (carry_over_expiry_months) =>
              change((current) => ({ ...current, vacation: { ...current.vacation, carry_over_expiry_months } })),
            { step: 1, helperText: translate('resources.leavePolicy.help.carryOverExpiry') },
          )}
          <FormControlLabel
            sx={{ gridColumn: '1 / -1' }}
            control={
              <Switch
                checked={values.vacation.pro_rata}
                onChange={(event) =>
                  change((current) => ({
                    ...current,
                    vacation: { ...current.vacation, pro_rata: event.target.checked },
                  }))
                }
              />
            }
            label={translate('resources.leavePolicy.fields.pro_rata')}
          />
        </Box>
      </Section>

      <Section title={translate('resources.leavePolicy.sections.sick')}>
        <Box sx={fieldGridSx}>
          {numberField(
            'sick.annual_days',
            translate('resources.leavePolicy.fields.sick_annual_days'),
            values.sick.annual_days,
            (annual_days) => change((current) => ({ ...current, sick: { annual_days } })),
          )}
        </Box>
      </Section>

      <Section title={translate('resources.leavePolicy.sections.bank')}>
        <Box sx={fieldGridSx}>
          {numberField(
            'hours_bank.credit_expiry_months',
            translate('resources.leavePolicy.fields.credit_expiry_months'),
            values.hours_bank.credit_expiry_months,
            (credit_expiry_months) => change((current) => ({ ...current, hours_bank: { credit_expiry_months } })),
            { step: 1, helperText: translate('resources.leavePolicy.help.creditExpiry') },
          )}
        </Box>
      </Section>

      <Section title={translate('resources.leavePolicy.sections.pattern')}>
        <Typography variant="body2" color={errors.work_pattern ? 'error' : 'text.secondary'} sx={{ mb: 2 }}>
          {errors.work_pattern ?? translate('resources.leavePolicy.help.pattern')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(4, 1fr)', sm: 'repeat(7, 1fr)' } }}>
          {WEEKDAYS.map((day) => (
            <TextField
              key={day}
              label={translate(`resources.leavePolicy.weekdays.${day}`)}
              type="number"
              value={values.work_pattern[day]}
              onChange={(event) =>
                change((current) => ({
                  ...current,
                  work_pattern: { ...current.work_pattern, [day]: event.target.value },
                }))
              }
              error={Boolean(errors[`work_pattern.${day}`])}
              helperText={errors[`work_pattern.${day}`]}
              slotProps={{
                htmlInput: {
                  min: 0,
                  max: 24,
                  step: 0.5,
                  inputMode: 'decimal',
                  'aria-label': translate('resources.leavePolicy.weekdayHours', {
                    day: translate(`resources.leavePolicy.weekdays.${day}`),
                  }),
                },
              }}
            />
          ))}
        </Box>
      </Section>

      <PolicyPreview policy={parsed.ok ? parsed.policy : null} />

      {saveError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {saveError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={saving}>
          {translate('resources.leavePolicy.save')}
        </Button>
        {savedAt && (
          <Typography role="status" variant="body2" color="success.main">
            {translate('resources.leavePolicy.savedAt', {
              time: savedAt.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
            })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The next leave year's first day under the policy as typed, for someone with a chosen number of days left over. */
function PolicyPreview({ policy }: { policy: LeavePolicy | null }) {
  const translate = useTranslate();
  const previewTitleId = useId();
  const [unused, setUnused] = useState(EXAMPLE_UNUSED_DAYS);
  const today = todayAsIsoDate();
  const unusedDays = numberOfText(unused);
  const year = policy ? leaveYearOf(today, policy.leave_year_start_month) : null;
  const sentence =
    policy && Number.isFinite(unusedDays) && unusedDays >= 0
      ? yearOpeningText(nextYearOpening(policy, today, Math.round(unusedDays * 10) / 10))
      : null;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={previewTitleId}
      sx={{ ...sectionSx, bgcolor: 'action.hover' }}
    >
      <Typography id={previewTitleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('resources.leavePolicy.preview.title')}
      </Typography>
      {policy && year !== null ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('resources.leavePolicy.preview.intro', { year })}
          </Typography>
          <TextField
            label={translate('resources.leavePolicy.preview.unusedLabel', { year })}
            type="number"
            size="small"
            value={unused}
            onChange={(event) => setUnused(event.target.value)}
            slotProps={{ htmlInput: { min: 0, step: 0.5, inputMode: 'decimal' } }}
            sx={{ mb: 2, maxWidth: 280 }}
            fullWidth
          />
          <Typography role="status" aria-live="polite" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {sentence}
          </Typography>
        </>
      ) : (
        <Typography role="status" variant="body2" color="text.secondary">
          {translate('resources.leavePolicy.preview.invalid')}
        </Typography>
      )}
    </Paper>
  );
}
