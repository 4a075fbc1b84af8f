import { Box, Card, CardContent, Typography } from '@mui/material';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ReactElement } from 'react';
import type { SessionUser } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { formatDayCount, formatHourCount } from '../format/amounts';

type BalanceUnit = 'days' | 'hours';

interface Balance {
  titleKey: string;
  icon: ReactElement;
  unit: BalanceUnit;
  total: number;
  used: number;
  remaining: number;
}

function balancesOf(user: SessionUser): Balance[] {
  return [
    {
      titleKey: 'app.overview.vacationBalance',
      icon: <BeachAccessIcon />,
      unit: 'days',
      total: user.vacationDaysTotal ?? 0,
      used: user.vacationDaysUsed ?? 0,
      remaining: user.vacationDaysRemaining ?? 0,
    },
    {
      titleKey: 'app.overview.sickDayBalance',
      icon: <LocalHospitalIcon />,
      unit: 'days',
      total: user.sickDaysTotal ?? 0,
      used: user.sickDaysUsed ?? 0,
      remaining: user.sickDaysRemaining ?? 0,
    },
    {
      titleKey: 'app.overview.hoursBank',
      icon: <ScheduleIcon />,
      unit: 'hours',
      total: user.bankHoursTotal ?? 0,
      used: user.bankHoursUsed ?? 0,
      remaining: user.bankHoursRemaining ?? 0,
    },
  ];
}

/** An employee's own leave balances: days for vacation and sick leave, hours (one decimal) for the hours bank. */
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
        {balancesOf(user).map((balance) => (
          <Card key={balance.titleKey} variant="outlined">
            <CardContent>
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
                {(
                  [
                    ['app.overview.total', balance.total],
                    ['app.overview.used', balance.used],
                    ['app.overview.remaining', balance.remaining],
                  ] as const
                ).map(([labelKey, value]) => (
                  <Box key={labelKey} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {translate(labelKey)}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, textAlign: 'right', fontWeight: labelKey === 'app.overview.remaining' ? 700 : 400 }}
                    >
                      {formatAmount(value, balance.unit)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
