import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useTranslate } from 'react-admin';
import { EmptyState } from '../layout/EmptyState';
import { Page } from '../layout/Page';

/** Placeholder until the calendar screens are built. */
export function CalendarPage() {
  const translate = useTranslate();
  return (
    <Page title={translate('resources.calendar.name', { smart_count: 2 })}>
      <EmptyState
        icon={<CalendarMonthIcon />}
        title={translate('resources.calendar.emptyTitle')}
        message={translate('resources.calendar.emptyMessage')}
      />
    </Page>
  );
}
