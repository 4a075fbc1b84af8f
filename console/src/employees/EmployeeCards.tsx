import { Card, CardActions, CardContent, Typography } from '@mui/material';
import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { CardField, CardFields, RecordCardList } from '../layout/RecordCardList';
import { balanceColumns, Birthday, EmployeeName, HireDate } from './EmployeeFields';
import { EmployeeRowActions } from './EmployeeRowActions';
import { TeamName } from '../teams/TeamName';

/** The list below 600px: one card per employee with the same fields and actions as the table. */
export function EmployeeCards() {
  const translate = useTranslate();

  return (
    <RecordCardList<EmployeeRecord>
      label={translate('resources.employees.list.cardsLabel')}
      placeholderHeight={180}
      renderCard={(employee) => (
        <Card component="li" variant="outlined" aria-label={employee.name}>
          <CardContent sx={{ pb: 1 }}>
            <Typography component="h3" variant="h6" sx={{ fontSize: '1.05rem' }}>
              <EmployeeName employee={employee} variant="h6" />
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
              {employee.email}
            </Typography>
            <CardFields>
              <CardField label={translate('resources.employees.fields.role')}>{employee.role}</CardField>
              <CardField label={translate('resources.employees.fields.team_id')}>
                <TeamName employee={employee} />
              </CardField>
              <CardField label={translate('resources.employees.fields.hire_date')}>
                <HireDate employee={employee} />
              </CardField>
              <CardField label={translate('resources.employees.fields.birthday')}>
                <Birthday employee={employee} />
              </CardField>
              {balanceColumns.map(({ source, format }) => (
                <CardField key={source} label={translate(`resources.employees.fields.${source}`)}>
                  {format(employee)}
                </CardField>
              ))}
            </CardFields>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
            <EmployeeRowActions />
          </CardActions>
        </Card>
      )}
    />
  );
}
