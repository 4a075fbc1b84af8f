import { Box } from '@mui/material';
import { MAX_BALANCE_DAYS, MAX_BALANCE_HOURS } from '@teamfolk/shared/contracts';
import { DateInput, email, maxValue, minValue, NumberInput, required, TextInput } from 'react-admin';
import { formGridSx } from '../layout/FormDialog';
import { TeamInput } from '../teams/TeamInput';

// Module-level so react-hook-form sees the same validators on every render.
const validateName = [required()];
const validateEmail = [required(), email()];
const validateHireDate = [required()];
export const validateDays = [required(), minValue(0), maxValue(MAX_BALANCE_DAYS)];
export const validateHours = [required(), minValue(0), maxValue(MAX_BALANCE_HOURS)];

/** The fields of POST and PUT /employees, shared by the add and edit dialogs. */
export function EmployeeInputs() {
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
      <TeamInput />
      <NumberInput source="vacation_days_total" validate={validateDays} min={0} max={MAX_BALANCE_DAYS} step={0.5} />
      <NumberInput source="sick_days_total" validate={validateDays} min={0} max={MAX_BALANCE_DAYS} step={0.5} />
      <NumberInput source="bank_hours_total" validate={validateHours} min={0} max={MAX_BALANCE_HOURS} step={0.1} />
    </Box>
  );
}
