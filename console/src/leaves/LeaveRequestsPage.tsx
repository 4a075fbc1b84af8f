import EventNoteIcon from '@mui/icons-material/EventNote';
import { useTranslate } from 'react-admin';
import { EmptyState } from '../layout/EmptyState';
import { Page } from '../layout/Page';

/** Placeholder until the leave request screens are built. */
export function LeaveRequestsPage() {
  const translate = useTranslate();
  return (
    <Page title={translate('resources.leaves.name', { smart_count: 2 })}>
      <EmptyState
        icon={<EventNoteIcon />}
        title={translate('resources.leaves.emptyTitle')}
        message={translate('resources.leaves.emptyMessage')}
      />
    </Page>
  );
}
