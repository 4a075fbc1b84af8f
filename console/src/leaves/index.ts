import EventNoteIcon from '@mui/icons-material/EventNote';
import type { ResourceProps } from 'react-admin';
import { LeaveList } from './LeaveList';

/** The leave requests resource, mounted with <Resource {...leaves} />; submitting is a dialog on the list. */
const leaves = {
  name: 'leaves',
  list: LeaveList,
  icon: EventNoteIcon,
  recordRepresentation: 'employee_name',
} satisfies ResourceProps;

export default leaves;
