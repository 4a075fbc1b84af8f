import PeopleIcon from '@mui/icons-material/People';
import { useTranslate } from 'react-admin';
import { EmptyState } from '../layout/EmptyState';
import { Page } from '../layout/Page';

/** Placeholder until the employee screens are built. */
export function EmployeesPage() {
  const translate = useTranslate();
  return (
    <Page title={translate('resources.employees.name', { smart_count: 2 })}>
      <EmptyState
        icon={<PeopleIcon />}
        title={translate('resources.employees.emptyTitle')}
        message={translate('resources.employees.emptyMessage')}
      />
    </Page>
  );
}
