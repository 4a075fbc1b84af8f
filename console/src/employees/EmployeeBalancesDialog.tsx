import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import {
  balancesVersionOf,
  MAX_BALANCE_DAYS,
  MAX_BALANCE_HOURS,
  type EmployeeRecord,
} from '@teamfolk/shared/contracts';
import { NumberInput, useDataProvider, useRefresh, useTranslate, useUpdate, type Identifier } from 'react-admin';
import { ApiRequestError } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { FormDialog, formGridSx } from '../layout/FormDialog';
import {
  balancesFormValuesOf,
  toBalancesPayload,
  type BalancesPayload,
  type EmployeeMutationReply,
} from './employeeForms';
import { validateDays, validateHours } from './EmployeeInputs';
import { useEmployeeUpdateSubmit } from './useEmployeeUpdateSubmit';

interface EmployeeBalancesDialogProps {
  employee: EmployeeRecord;
  onClose: () => void;
}

const balanceGroups = [
  { titleKey: 'resources.employees.balances.vacation', prefix: 'vacation_days', max: MAX_BALANCE_DAYS, step: 0.5 },
  { titleKey: 'resources.employees.balances.sickDays', prefix: 'sick_days', max: MAX_BALANCE_DAYS, step: 0.5 },
  { titleKey: 'resources.employees.balances.bankHours', prefix: 'bank_hours', max: MAX_BALANCE_HOURS, step: 0.1 },
] as const;

/**
 * Totals and used amounts of the three balances, saved with the dataProvider's updateBalances; going
 * through useUpdate puts the server's reply into react-admin's cache so the row shows it at once.
 */
export function EmployeeBalancesDialog({ employee, onClose }: EmployeeBalancesDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const refresh = useRefresh();
  const [update] = useUpdate<EmployeeMutationReply>('employees', undefined, {
    mutationFn: async ({ id, data }) => {
      try {
        return (
          await dataProvider.updateBalances(id as Identifier, data as BalancesPayload, balancesVersionOf(employee))
        ).data;
      } catch (error) {
        // Changed meanwhile: the list fetches the current amounts, for the next opening of the dialog.
        if (error instanceof ApiRequestError && error.status === 409) refresh();
        throw error;
      }
    },
  });
  const defaultValues = useMemo(() => balancesFormValuesOf(employee), [employee]);
  const handleSubmit = useEmployeeUpdateSubmit({
    employee,
    update,
    toPayload: toBalancesPayload,
    savedKey: 'resources.employees.messages.balancesUpdated',
    failedKey: 'resources.employees.messages.balancesFailed',
    onSaved: onClose,
  });

  return (
    <FormDialog
      title={translate('resources.employees.balances.title')}
      subtitle={translate('resources.employees.balances.subtitle', { name: employee.name })}
      submitLabel={translate('resources.employees.balances.save')}
      defaultValues={defaultValues}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      {balanceGroups.map(({ titleKey, prefix, max, step }) => (
        <Box key={prefix} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {translate(titleKey)}
          </Typography>
          <Box sx={formGridSx}>
            {(['total', 'used'] as const).map((kind) => (
              <NumberInput
                key={kind}
                source={`${prefix}_${kind}`}
                validate={prefix === 'bank_hours' ? validateHours : validateDays}
                min={0}
                max={max}
                step={step}
                helperText={
                  prefix === 'sick_days' && kind === 'used'
                    ? 'resources.employees.balances.sickDaysMayExceed'
                    : undefined
                }
              />
            ))}
          </Box>
        </Box>
      ))}
    </FormDialog>
  );
}
