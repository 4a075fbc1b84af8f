import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ReactElement } from 'react';
import type { LedgerBalance, SessionUser } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { BalanceLedgerOpener } from '../balances/BalanceLedgerOpener';
import { formatDayCount, formatHourCount } from '../format/amounts';

type BalanceUnit = 'days' | 'hours';

/** The three balances of spec section 2, the prefix of their figures on the session user, and their ledger's name. */
const BALANCES = [
  {
    prefix: 'vacationDays',
    titleKey: 'app.overview.vacationBalance',
    icon: <BeachAccessIcon />,
    unit: 'days',
    ledger: 'vacation',
  },
  {
    prefix: 'sickDays',
    titleKey: 'app.overview.sickDayBalance',
    icon: <LocalHospitalIcon />,
    unit: 'days',
    ledger: 'sick',
  },
  { prefix: 'bankHours', titleKey: 'app.overview.hoursBank', icon: <ScheduleIcon />, unit: 'hours', ledger: 'bank' },
] as const satisfies readonly {
  prefix: string;
  titleKey: string;
  icon: ReactElement;
  unit: BalanceUnit;
  ledger: LedgerBalance;
}[];

const FIGURES = [
  { suffix: 'Total', labelKey: 'app.overview.total' },
  { suffix: 'Used', labelKey: 'app.overview.used' },
  { suffix: 'Remaining', labelKey: 'app.overview.remaining' },
] as const;

/**
 * An employee's own leave balances: days for vacation and sick leave, hours (one decimal) for the
 * hours bank; each card opens its ledger ("How this is worked out").
 */
export function BalanceOverview({ user }: { user: SessionUser }) {
  const translate = useTranslate();
  const formatAmount = (value: number, unit: BalanceUnit) =>
    translate(`app.overview.${unit}`, {
      smart_count: value,
      value: unit === 'hours' ? formatHourCount(value) : formatDayCount(value),
    });

  return (
    <Box component="section" aria-labelledby="balance-overview-heading" sx={{ mb: 4 }}>
      <Typography id="balance-overview-heading" component="h3" variant="h6" sx={{ mb: 2 }}>
        {translate('app.overview.balanceTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
        {BALANCES.map((balance) => (
          <Card key={balance.titleKey} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
                {balance.icon}
                <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {translate(balance.titleKey)}
                </Typography>
              </Box>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', rowGap: 0.5, columnGap: 2 }}
              >
                {FIGURES.map(({ suffix, labelKey }) => (
                  <Box key={labelKey} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {translate(labelKey)}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, textAlign: 'right', fontWeight: suffix === 'Remaining' ? 700 : 400 }}
                    >
                      {formatAmount(user[`${balance.prefix}${suffix}`] ?? 0, balance.unit)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </CardContent>
            {user.employeeId !== undefined && (
              <CardActions sx={{ pt: 0 }}>
                <BalanceLedgerOpener
                  employeeId={user.employeeId}
                  name={user.employeeName}
                  balance={balance.ledger}
                  renderOpener={(open) => (
                    <Button
                      size="small"
                      onClick={open}
                      aria-label={translate('resources.balances.openLabel', {
                        title: translate('resources.balances.open'),
                        name: translate(balance.titleKey),
                      })}
                    >
                      {translate('resources.balances.open')}
                    </Button>
                  )}
                />
              </CardActions>
            )}
          </Card>
        ))}
      </Box>
    </Box>
  );
}
