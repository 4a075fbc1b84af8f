import type { ReactElement } from 'react';
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import EventNoteIcon from '@mui/icons-material/EventNote';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PeopleIcon from '@mui/icons-material/People';
import type { DashboardSummary } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { SubmitLeaveButton } from '../leaves/SubmitLeaveButton';
import { LogExtraHoursButton } from '../time-credits/LogExtraHoursButton';
import { IconBadge } from './IconBadge';

interface SummaryCard {
  labelKey: string;
  icon: ReactElement;
  value: (summary: DashboardSummary) => number | undefined;
  /** Where the card leads: the list it counts. */
  to: string;
}

const employeesCard: SummaryCard = {
  labelKey: 'app.overview.summary.totalEmployees',
  icon: <PeopleIcon />,
  value: (summary) => summary.totalEmployees,
  to: '/dashboard/employees',
};

const requestCards: SummaryCard[] = [
  {
    labelKey: 'app.overview.summary.totalRequests',
    icon: <EventNoteIcon />,
    value: (summary) => summary.totalRequests,
    to: '/dashboard/leaves',
  },
  {
    labelKey: 'app.overview.summary.pendingRequests',
    icon: <HourglassEmptyIcon />,
    value: (summary) => summary.pendingRequests,
    to: '/dashboard/leaves?status=pending',
  },
  {
    labelKey: 'app.overview.summary.approvedRequests',
    icon: <CheckCircleOutlinedIcon />,
    value: (summary) => summary.approvedRequests,
    to: '/dashboard/leaves?status=approved',
  },
];

interface RequestSummaryProps {
  /** The company's counts and its employees (admins), rather than the user's own requests. */
  companyWide: boolean;
  summary: DashboardSummary | null;
  loading: boolean;
  onLeaveSubmitted: () => void;
}

/** 'System Overview' for admins, 'Your Requests' for employees (spec section 2), each card opening its list. */
export function RequestSummary({ companyWide, summary, loading, onLeaveSubmitted }: RequestSummaryProps) {
  const translate = useTranslate();
  const cards = companyWide ? [employeesCard, ...requestCards] : requestCards;

  return (
    <Box component="section" aria-labelledby="request-summary-heading" sx={{ mb: 4 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography id="request-summary-heading" component="h3" variant="h6">
          {translate(companyWide ? 'app.overview.summary.adminTitle' : 'app.overview.summary.employeeTitle')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <LogExtraHoursButton />
          <SubmitLeaveButton onSubmitted={onLeaveSubmitted} />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
        {cards.map((card) => {
          const value = summary ? card.value(summary) : undefined;
          return (
            <Card key={card.labelKey} variant="outlined">
              <CardActionArea component={Link} to={card.to} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  <IconBadge background="action.selected" color="primary.main">
                    {card.icon}
                  </IconBadge>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" color="text.secondary">
                      {translate(card.labelKey)}
                    </Typography>
                    {loading && <Skeleton variant="text" width={48} sx={{ fontSize: '2rem' }} />}
                    {!loading && value !== undefined && (
                      <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
                        {value}
                      </Typography>
                    )}
                    {!loading && value === undefined && (
                      <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
                        {translate('app.overview.summary.unavailable')}
                      </Typography>
                    )}
                  </Box>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
