import { Box, Typography } from '@mui/material';
import { MAX_BALANCE_DAYS, MAX_BALANCE_HOURS, WEEKDAYS } from '@teamfolk/shared/contracts';
import { DateInput, email, maxValue, minValue, NumberInput, required, TextInput, useTranslate } from 'react-admin';
import { formGridSx } from '../layout/FormDialog';
import { TeamInput } from '../teams/TeamInput';

// Module-level so react-hook-form sees the same validators on every render.
const validateName = [required()];
const validateEmail = [required(), email()];
const validateHireDate = [required()];
export const validateDays = [required(), minValue(0), maxValue(MAX_BALANCE_DAYS)];
export const validateHours = [required(), minValue(0), maxValue(MAX_BALANCE_HOURS)];
const validateDayHours = [required(), minValue(0), maxValue(24)];

/**
 * The fields of POST and PUT /employees, shared by the add and edit dialogs. `patternFrom` (editing)
 * asks from when a changed working pattern applies; a new person's applies from their hire date.
 */
export function EmployeeInputs({ patternFrom = false }: { patternFrom?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={formGridSx}>
      <TextInput source="name" validate={validateName} autoComplete="off" />
      <TextInput
        source="email"
        type="email"
        validate={validateEmail}
        autoComplete="off"
        helperText="resources.employees.form.invitationNote"
      />
      <TextInput source="role" autoComplete="off" />
      <DateInput source="hire_date" validate={validateHireDate} />
      <DateInput source="birthday" helperText="resources.employees.form.birthdayHelp" />
      <DateInput source="end_date" helperText="resources.employees.form.endDateHelp" />
      <TeamInput />
      <NumberInput source="vacation_days_total" validate={validateDays} min={0} max={MAX_BALANCE_DAYS} step={0.5} />
      <NumberInput source="sick_days_total" validate={validateDays} min={0} max={MAX_BALANCE_DAYS} step={0.5} />
      <NumberInput source="bank_hours_total" validate={validateHours} min={0} max={MAX_BALANCE_HOURS} step={0.1} />
      <Box component="fieldset" className="wide" sx={{ border: 0, p: 0, m: 0, mt: 1, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2">
          {translate('resources.employees.form.workPattern')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.employees.form.workPatternHelp')}
        </Typography>
        <Box
          sx={{ display: 'grid', columnGap: 1, gridTemplateColumns: { xs: 'repeat(4, 1fr)', sm: 'repeat(7, 1fr)' } }}
        >
          {WEEKDAYS.map((day) => (
            <NumberInput
              key={day}
              source={`work_pattern.${day}`}
              label={`resources.leavePolicy.weekdays.${day}`}
              validate={validateDayHours}
              min={0}
              max={24}
              step={0.5}
              helperText={false}
            />
          ))}
        </Box>
        {patternFrom && (
          <DateInput
            source="work_pattern_from"
            label="resources.employees.fields.work_pattern_from"
            helperText="resources.employees.form.workPatternFromHelp"
          />
        )}
      </Box>
    </Box>
  );
}
