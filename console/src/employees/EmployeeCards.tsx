import type { ReactNode } from 'react';
import { Box, Card, CardActions, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { EmployeeRecord } from '@teamfolk/shared/contracts';
import { ListNoResults, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { balanceColumns, Birthday, EmployeeName, HireDate } from './EmployeeFields';
import { EmployeeRowActions } from './EmployeeRowActions';

const LOADING_CARDS = 3;

/** The list below 600px: one card per employee with the same fields and actions as the table. */
export function EmployeeCards() {
  const { data, isPending } = useListContext<EmployeeRecord>();
  const translate = useTranslate();

  if (isPending) {
    return (
      <Stack spacing={1.5} role="status" aria-label={translate('app.loading')}>
        {Array.from({ length: LOADING_CARDS }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={180} />
        ))}
      </Stack>
    );
  }
  if (!data?.length) return <ListNoResults />;

  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label={translate('resources.employees.list.cardsLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {data.map((employee) => (
        <RecordContextProvider key={employee.id} value={employee}>
          <Card component="li" variant="outlined" aria-label={employee.name}>
            <CardContent sx={{ pb: 1 }}>
              <Typography component="h3" variant="h6" sx={{ fontSize: '1.05rem' }}>
                <EmployeeName employee={employee} variant="h6" />
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
                {employee.email}
              </Typography>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
              >
                <CardField label={translate('resources.employees.fields.role')}>{employee.role}</CardField>
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
              </Box>
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
              <EmployeeRowActions />
            </CardActions>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
