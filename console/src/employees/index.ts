import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { EmployeeList } from './EmployeeList';

/** The employees resource, mounted with <Resource {...employees} />; add and edit are dialogs on the list. */
const employees = {
  name: 'employees',
  list: EmployeeList,
  icon: PeopleIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;

export default employees;
