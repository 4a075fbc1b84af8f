import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import { MAX_TIME_CREDIT_HOURS, MIN_TIME_CREDIT_HOURS, timeCreditTexts } from '@teamfolk/shared/contracts';
import { canAccess } from '@teamfolk/shared/rules';
import {
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  TextInput,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { todayAsIsoDate } from '../format/dates';
import { FormDialog, formGridSx } from '../layout/FormDialog';
import { submissionError } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import {
  newTimeCreditDefaults,
  parseTimeCreditForm,
  type TimeCreditFieldErrors,
  type TimeCreditFormValues,
} from './timeCreditForm';

/** Form-level, so that each message lands on the input the shared schema names. */
const validatorFor = (forEmployee: boolean) => (values: object) => {
  const parsed = parseTimeCreditForm(values as TimeCreditFormValues, forEmployee);
  return parsed.ok ? {} : parsed.errors;
};

/**
 * The 'Log extra hours' dialog (time in lieu): the day worked, the extra hours and why; pending until
 * an admin approves them into the hours bank. An admin picks the person, as for leave.
 */
export function LogExtraHoursDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const { user } = useSession();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const defaultValues = useMemo(() => newTimeCreditDefaults(todayAsIsoDate()), []);
  const picksEmployee = canAccess(user, { resource: 'employees', action: 'list' });
  const validate = useMemo(() => validatorFor(picksEmployee), [picksEmployee]);

  async function handleSubmit(values: TimeCreditFormValues): Promise<TimeCreditFieldErrors | undefined> {
    const parsed = parseTimeCreditForm(values, picksEmployee);
    if (!parsed.ok) return parsed.errors;
    setSubmitError(null);
    try {
      const { data } = await dataProvider.logExtraHours(parsed.input);
      notify(data.message || timeCreditTexts.submitted, { type: 'success' });
      onClose();
      refresh();
      return undefined;
    } catch (error) {
      // Shown in the dialog: while it is open, the rest of the page is hidden from screen readers.
      const failure = submissionError(error, timeCreditTexts.submitFailed, defaultValues);
      if (failure.onInput) return failure.onInput;
      setSubmitError(failure.message);
      return undefined;
    }
  }

  return (
    <FormDialog
      title={timeCreditTexts.logExtraHours}
      subtitle={translate('resources.timeCredits.form.subtitle')}
      submitLabel="resources.timeCredits.form.submit"
      submitIcon={<MoreTimeIcon />}
      defaultValues={defaultValues}
      validate={validate}
      disableInvalidFormNotification
      onSubmit={handleSubmit}
      onClose={onClose}
      error={submitError}
    >
      <Box sx={formGridSx}>
        {picksEmployee && (
          <Box className="wide">
            <ReferenceInput source="employee_id" reference="employees" sort={{ field: 'name', order: 'ASC' }}>
              <AutocompleteInput optionText="name" label="resources.timeCredits.fields.employee_id" />
            </ReferenceInput>
          </Box>
        )}
        <DateInput source="date" label="resources.timeCredits.fields.date" />
        <NumberInput
          source="hours"
          label="resources.timeCredits.fields.hours"
          min={MIN_TIME_CREDIT_HOURS}
          max={MAX_TIME_CREDIT_HOURS}
          step={0.5}
          helperText={translate('resources.timeCredits.form.hoursHelp', {
            min: MIN_TIME_CREDIT_HOURS,
            max: MAX_TIME_CREDIT_HOURS,
          })}
        />
        <Box className="wide">
          <TextInput source="reason" label="resources.timeCredits.fields.reason" multiline minRows={2} />
        </Box>
      </Box>
    </FormDialog>
  );
}
