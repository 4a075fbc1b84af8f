import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';

/** The employees resource, mounted with <Resource {...employees} />; add and edit are dialogs on the list. */
const employees = {
  name: 'employees',
  // Its own chunk, fetched when the list first opens: the dashboard home does not pay for DataTable and forms.
  list: lazy(() => import('./EmployeeList').then((module) => ({ default: module.EmployeeList }))),
  icon: PeopleIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;

export default employees;
