import { useEffect, useMemo, useState } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import {
  LEAVE_TYPES,
  REQUEST_TYPES,
  type EmployeeRecord,
  type LeaveRequestParsed,
  type LeaveSavedReply,
  type WorkPattern,
} from '@teamfolk/shared/contracts';
import {
  previewLeave,
  previewLeaveAcrossYears,
  type LeaveCountSetting,
  type LeavePreview,
  type RemainingBalances,
} from '@teamfolk/shared/rules';
import {
  AutocompleteInput,
  DateInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  TimeInput,
  useCreate,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { canAccess } from '@teamfolk/shared/rules';
import { useSession } from '../auth/SessionProvider';
import { submissionError } from '../providers/apiError';
import { FormDialog, formGridSx } from '../layout/FormDialog';
import {
  newLeaveDefaults,
  parseLeaveForm,
  remainingBalancesOfEmployee,
  remainingBalancesOfUser,
  type LeaveFieldErrors,
  type LeaveFormValues,
} from './leaveForm';
import { formatDayCount, formatHourCount } from '../format/amounts';
import { todayAsIsoDate } from '../format/dates';
import { usePublicHolidays } from './usePublicHolidays';
import { balanceLineOf, type BalanceLine } from './leaveYearsPreview';
import { useBalancesOn, useLeavePolicy } from './useLeaveYears';
import { LeavePreviewWarnings } from './LeavePreviewWarnings';

// Module-level so react-hook-form sees the same validators and choices on every render.
const requiredChoice = [required()];
const requestTypeChoices = REQUEST_TYPES.map((type) => ({ id: type, name: `resources.leaves.requestTypes.${type}` }));
const leaveTypeChoices = LEAVE_TYPES.map((type) => ({ id: type, name: `resources.leaves.leaveTypes.${type}` }));
/** The API speaks HH:MM; react-admin's TimeInput would otherwise hand back a Date. */
const keepClockText = (value: string | null | undefined) => value ?? '';
const clockOrNull = (value: string) => value || null;

/** Form-level, so that each message lands on the input the shared schema names (react-admin's values are untyped). */
function validateLeaveForm(values: object): LeaveFieldErrors {
  const parsed = parseLeaveForm(values as LeaveFormValues);
  return parsed.ok ? {} : parsed.errors;
}

interface LeaveCreateDialogProps {
  onClose: () => void;
  onSubmitted?: () => void;
}

/** The 'Submit Leave Request' dialog, loaded on demand by SubmitLeaveButton. */
export function LeaveCreateDialog({ onClose, onSubmitted }: LeaveCreateDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refreshList = useRefresh();
  const { refresh: refreshSession } = useSession();
  const [create] = useCreate<LeaveRequestParsed, unknown, LeaveSavedReply>();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [noWorkingDay, setNoWorkingDay] = useState(false);
  const defaultValues = useMemo(() => newLeaveDefaults(todayAsIsoDate()), []);

  async function handleSubmit(values: LeaveFormValues): Promise<LeaveFieldErrors | undefined> {
    const parsed = parseLeaveForm(values);
    if (!parsed.ok) return parsed.errors;
    setSubmitError(null);
    try {
      const saved = await create('leaves', { data: parsed.input }, { returnPromise: true });
      notify(saved?.message || translate('resources.leaves.messages.submitted'), { type: 'success' });
      // The request stands; the warning (sick days below zero) follows the confirmation.
      if (saved?.warning) notify(saved.warning, { type: 'warning' });
      onClose();
      refreshList();
      void refreshSession();
      onSubmitted?.();
      return undefined;
    } catch (error) {
      // Shown in the dialog: while it is open, the rest of the page (notifications included) is hidden from screen readers.
      const failure = submissionError(error, translate('resources.leaves.messages.submitFailed'), defaultValues);
      if (failure.onInput) return failure.onInput;
      setSubmitError(failure.message);
      return undefined;
    }
  }

  return (
    <FormDialog
      title={translate('resources.leaves.form.title')}
      submitLabel="resources.leaves.form.submit"
      submitIcon={<SendIcon />}
      defaultValues={defaultValues}
      validate={validateLeaveForm}
      // The errors show under the inputs; a notification would sit over the dialog's buttons on phones.
      disableInvalidFormNotification
      onSubmit={handleSubmit}
      onClose={onClose}
      error={submitError}
      submitDisabled={noWorkingDay}
    >
      <LeaveInputs onNoWorkingDayChange={setNoWorkingDay} />
    </FormDialog>
  );
}

/**
 * The fields of POST /leaves: a partial day asks for hours instead of an end date (spec sections 4 and 5).
 * `onNoWorkingDayChange` learns whether the dates count no working day, which the preview says once.
 */
function LeaveInputs({ onNoWorkingDayChange }: { onNoWorkingDayChange: (noWorkingDay: boolean) => void }) {
  const translate = useTranslate();
  const { user } = useSession();

  return (
    <FormDataConsumer<LeaveFormValues>>
      {({ formData }) => {
        const partial = formData.leave_type === 'partial_day';
        return (
          <Box sx={formGridSx}>
            {canAccess(user, { resource: 'employees', action: 'list' }) && (
              <Box className="wide">
                <ReferenceInput source="employee_id" reference="employees" sort={{ field: 'name', order: 'ASC' }}>
                  <AutocompleteInput
                    optionText="name"
                    helperText="resources.leaves.form.employeeHelp"
                    label="resources.leaves.fields.employee_id"
                  />
                </ReferenceInput>
              </Box>
            )}
            <SelectInput source="request_type" choices={requestTypeChoices} validate={requiredChoice} />
            <RadioButtonGroupInput source="leave_type" choices={leaveTypeChoices} validate={requiredChoice} row />
            <DateInput source="start_date" />
            {partial ? (
              <TextField
                label={translate('resources.leaves.fields.end_date')}
                type="date"
                value={formData.start_date ?? ''}
                helperText={translate('resources.leaves.form.partialDayEnd')}
                disabled
                size="small"
                margin="dense"
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ) : (
              <DateInput source="end_date" />
            )}
            {partial && <TimeInput source="start_time" format={keepClockText} parse={clockOrNull} />}
            {partial && <TimeInput source="end_time" format={keepClockText} parse={clockOrNull} />}
            <Box className="wide">
              <TextInput source="reason" multiline minRows={2} helperText="resources.leaves.form.reasonHelp" />
            </Box>
            <Box className="wide">
              <LeavePreviewPanel values={formData} onNoWorkingDayChange={onNoWorkingDayChange} />
            </Box>
            <LeavePreviewWarnings values={formData} />
          </Box>
        );
      }}
    </FormDataConsumer>
  );
}

interface LeavePreviewPanelProps {
  values: LeaveFormValues;
  onNoWorkingDayChange: (noWorkingDay: boolean) => void;
}

/** What the preview shows, whichever way it was worked out. */
type PreviewView = Pick<LeavePreview, 'duration' | 'kind' | 'refusal' | 'sickOverdrawn' | 'noWorkingDay'> & {
  balanceLine: BalanceLine;
};

/**
 * The day count the request would have and the balance it draws on, before anything is sent: counted
 * by the person's week in each leave year it touches and set against what each year has on the day
 * the API checks it, so that the dialog warns exactly when the API would refuse.
 */
function LeavePreviewPanel({ values, onNoWorkingDayChange }: LeavePreviewPanelProps) {
  const translate = useTranslate();
  const taker = useLeaveTaker(values.employee_id);
  const policy = useLeavePolicy();
  const parsed = parseLeaveForm(values);
  const holidays = usePublicHolidays(
    parsed.ok ? parsed.input.start_date : null,
    parsed.ok ? parsed.input.end_date : null,
  );
  const countSetting: LeaveCountSetting | null =
    taker?.employeeId != null && policy && holidays
      ? {
          calendar: {
            companyPattern: policy.work_pattern,
            patterns: taker.pattern ? [{ effectiveFrom: ALWAYS, pattern: taker.pattern }] : [],
            holidays,
          },
          leaveYearStartMonth: policy.leave_year_start_month,
          today: todayAsIsoDate(),
        }
      : null;
  const checkedOn =
    parsed.ok && countSetting
      ? previewLeaveAcrossYears(parsed.input, countSetting, () => undefined).parts.map((part) => part.checkedOn)
      : [];
  const availableOn = useBalancesOn(countSetting ? (taker?.employeeId ?? null) : null, checkedOn);

  let preview: PreviewView | null = null;
  if (parsed.ok && countSetting) {
    const acrossYears = previewLeaveAcrossYears(parsed.input, countSetting, availableOn);
    preview = { ...acrossYears, balanceLine: balanceLineOf(acrossYears) };
  } else if (
    parsed.ok &&
    holidays &&
    taker &&
    (taker.remaining === null || taker.employeeId === null || policy === null)
  ) {
    // Someone without balances (an admin's own leave), or no record or policy to count by: as before leave years.
    const withinYear = previewLeave(parsed.input, taker.remaining, holidays);
    preview = {
      ...withinYear,
      balanceLine: withinYear.remaining === null ? null : { show: 'remaining', available: withinYear.remaining },
    };
  }
  const noWorkingDay = preview?.noWorkingDay ?? false;
  useEffect(() => onNoWorkingDayChange(noWorkingDay), [noWorkingDay, onNoWorkingDayChange]);
  if (!parsed.ok || !preview) return null;

  const kind = preview.kind;
  const amountOf = (amount: number) =>
    kind === 'bank'
      ? translate('app.overview.hours', { smart_count: amount, value: formatHourCount(amount) })
      : translate('app.overview.days', { smart_count: amount, value: formatDayCount(amount) });
  const bareAmountOf = (amount: number) => (kind === 'bank' ? formatHourCount(amount) : formatDayCount(amount));
  const days = translate('app.overview.days', {
    smart_count: preview.duration.days,
    value: formatDayCount(preview.duration.days),
  });
  const hours = translate('app.overview.hours', {
    smart_count: preview.duration.hours,
    value: formatHourCount(preview.duration.hours),
  });
  const showsHours = kind === 'bank' || parsed.input.leave_type === 'partial_day';
  const line = preview.balanceLine;
  const balanceText =
    kind && line?.show === 'remaining'
      ? translate(`resources.leaves.form.remaining.${kind}`, { amount: amountOf(line.available) })
      : kind && line?.show === 'byYear'
        ? translate(`resources.leaves.form.byYear.${kind}`, {
            parts: line.parts
              .map((part) =>
                part.after === null
                  ? translate('resources.leaves.form.yearPartUnknown', {
                      year: part.leaveYear,
                      amount: amountOf(part.requested),
                    })
                  : translate('resources.leaves.form.yearPart', {
                      year: part.leaveYear,
                      amount: amountOf(part.requested),
                      after: bareAmountOf(part.after),
                    }),
              )
              .join('; '),
          })
        : null;

  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ mt: 1, p: 2, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', gap: 0.5 }}
    >
      <Typography sx={{ fontWeight: 600 }}>
        {showsHours
          ? translate('resources.leaves.form.requestedWithHours', { amount: days, hours })
          : translate('resources.leaves.form.requested', { amount: days })}
      </Typography>
      {balanceText && <Typography variant="body2">{balanceText}</Typography>}
      {kind === null && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.leaves.form.noBalance')}
        </Typography>
      )}
      {preview.noWorkingDay && (
        <Typography variant="body2" color="error">
          {translate('resources.leaves.messages.noWorkingDays')}
        </Typography>
      )}
      {preview.refusal && (
        <Typography variant="body2" color="error">
          {preview.refusal}
        </Typography>
      )}
      {preview.sickOverdrawn && (
        <Typography variant="body2" sx={{ color: 'warning.dark' }}>
          {translate('resources.leaves.messages.sickOverdrawn')}
        </Typography>
      )}
    </Box>
  );
}

/** A pattern that applies on every date (the person's current one: the console reads no history). */
const ALWAYS = '0001-01-01';

/** Whose leave it is, as the dialog counts it. */
interface LeaveTaker {
  /** Their employee record; null for an admin's own leave, or a session that does not name it. */
  employeeId: number | null;
  /** Their own week, or null for the company's. */
  pattern: WorkPattern | null;
  /** Their current year's balances; null for someone who has none (an admin's own leave). */
  remaining: RemainingBalances | null;
}

/** The signed-in employee, or the employee an admin records leave for; undefined while that record loads. */
function useLeaveTaker(employeeId: number | null): LeaveTaker | undefined {
  const { user } = useSession();
  const readsEmployees = canAccess(user, { resource: 'employees', action: 'show' });
  const { data: employee } = useGetOne<EmployeeRecord>(
    'employees',
    { id: employeeId ?? 0 },
    { enabled: readsEmployees && employeeId != null },
  );
  if (readsEmployees) {
    if (employeeId == null) return { employeeId: null, pattern: null, remaining: null };
    if (!employee) return undefined;
    return {
      employeeId: employee.id,
      pattern: employee.work_pattern,
      remaining: remainingBalancesOfEmployee(employee),
    };
  }
  if (!user) return undefined;
  return { employeeId: user.employeeId ?? null, pattern: null, remaining: remainingBalancesOfUser(user) };
}
