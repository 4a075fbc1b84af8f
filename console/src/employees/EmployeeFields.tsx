import { Box, Chip, Typography } from '@mui/material';
import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { formatCalendarDate, formatDayBalance, formatHourBalance } from './employeeFormat';

/** The three balance columns of spec section 2, sorted by what remains, shown as remaining/total. */
export const balanceColumns = [
  {
    source: 'vacation_days_remaining',
    format: (employee: EmployeeRecord) =>
      formatDayBalance(employee.vacation_days_remaining, employee.vacation_days_total),
  },
  {
    source: 'sick_days_remaining',
    format: (employee: EmployeeRecord) => formatDayBalance(employee.sick_days_remaining, employee.sick_days_total),
  },
  {
    source: 'bank_hours_remaining',
    format: (employee: EmployeeRecord) => formatHourBalance(employee.bank_hours_remaining, employee.bank_hours_total),
  },
] as const;

export function HireDate({ employee }: { employee: EmployeeRecord }) {
  return <>{formatCalendarDate(employee.hire_date)}</>;
}

export function Birthday({ employee }: { employee: EmployeeRecord }) {
  const translate = useTranslate();
  if (!employee.birthday) {
    return (
      <Typography component="span" variant="inherit" color="text.secondary">
        {translate('resources.employees.messages.notSet')}
      </Typography>
    );
  }
  return <>{formatCalendarDate(employee.birthday)}</>;
}

/** The name, with a reminder when the person has not accepted the invitation yet. */
export function EmployeeName({ employee, variant = 'body2' }: { employee: EmployeeRecord; variant?: 'body2' | 'h6' }) {
  const translate = useTranslate();
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', overflowWrap: 'anywhere' }}
    >
      <Typography component="span" variant={variant} sx={{ fontWeight: 600 }}>
        {employee.name}
      </Typography>
      {employee.account_status === 'invited' && (
        <Chip
          label={translate('resources.employees.list.invited')}
          title={translate('resources.employees.list.invitedHint')}
          size="small"
          variant="outlined"
          color="primary"
        />
      )}
    </Box>
  );
}
