import type { ReactElement } from 'react';
import { List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventNoteIcon from '@mui/icons-material/EventNote';
import GroupsIcon from '@mui/icons-material/Groups';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import TuneIcon from '@mui/icons-material/Tune';
import { canAccess, type AccessRequest } from '@teamfolk/shared/rules';
import { useSidebarState, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { MENU_ITEMS, selectedMenuResource, type MenuResource } from './menuSelection';
import { useIsMobile } from './useIsMobile';

const menuIcons: Record<MenuResource, ReactElement> = {
  dashboard: <DashboardIcon />,
  employees: <PeopleIcon />,
  teams: <GroupsIcon />,
  leaves: <EventNoteIcon />,
  calendar: <CalendarMonthIcon />,
  reports: <AssessmentIcon />,
  billing: <PaymentsIcon />,
  leavePolicy: <TuneIcon />,
};

export function DashboardMenu() {
  const { user } = useSession();
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [, setSidebarOpen] = useSidebarState();
  const items = MENU_ITEMS.filter((item) =>
    canAccess(user, { resource: item.resource, action: 'action' in item ? item.action : 'list' } as AccessRequest),
  );
  const selected = selectedMenuResource(pathname);

  return (
    <List component="nav" aria-label={translate('app.layout.navigationLabel')} sx={{ px: 1 }}>
      {items.map(({ resource, to }) => (
        <ListItemButton
          key={resource}
          component={RouterLink}
          to={to}
          selected={resource === selected}
          // A screen reached from this item's (the former employees from Employees) is within it, not it.
          aria-current={resource === selected ? (pathname === to ? 'page' : true) : undefined}
          onClick={() => isMobile && setSidebarOpen(false)}
          sx={{
            borderRadius: 1,
            mb: 0.5,
            '&.Mui-selected, &.Mui-selected:hover': {
              bgcolor: 'action.selected',
              color: 'primary.main',
              fontWeight: 600,
            },
            '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
          }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>{menuIcons[resource]}</ListItemIcon>
          <ListItemText primary={translate(`resources.${resource}.name`, { smart_count: 2 })} />
        </ListItemButton>
      ))}
    </List>
  );
}
