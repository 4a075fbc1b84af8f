import { lazy } from 'react';
import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceProps } from 'react-admin';

/** The teams resource (issue 30), for admins: add, edit and delete are dialogs on the list. */
const teams = {
  name: 'teams',
  list: lazy(() => import('./TeamList').then((module) => ({ default: module.TeamList }))),
  icon: GroupsIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;

export default teams;
