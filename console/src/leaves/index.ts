import { lazy } from 'react';
import EventNoteIcon from '@mui/icons-material/EventNote';
import type { ResourceProps } from 'react-admin';

/** The leave requests resource, mounted with <Resource {...leaves} />; submitting is a dialog on the list. */
const leaves = {
  name: 'leaves',
  // Its own chunk, fetched when the list first opens: the dashboard home does not pay for DataTable and filters.
  list: lazy(() => import('./LeaveList').then((module) => ({ default: module.LeaveList }))),
  icon: EventNoteIcon,
  recordRepresentation: 'employee_name',
} satisfies ResourceProps;

export default leaves;
