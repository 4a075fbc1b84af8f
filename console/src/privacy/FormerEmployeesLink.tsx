import { Button, IconButton, Tooltip } from '@mui/material';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';

const FORMER_EMPLOYEES_PATH = '/dashboard/former-employees';

/**
 * From the employees list to the removed employees, where their personal data can be erased.
 * `compact`: an icon with its name as label and tooltip, for a phone's toolbar.
 */
export function FormerEmployeesLink({ compact = false }: { compact?: boolean }) {
  const translate = useTranslate();
  const label = translate('app.privacy.formerEmployees.open');
  if (compact) {
    return (
      <Tooltip title={label}>
        <IconButton component={RouterLink} to={FORMER_EMPLOYEES_PATH} aria-label={label} color="primary">
          <PersonOffIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button component={RouterLink} to={FORMER_EMPLOYEES_PATH} size="small" startIcon={<PersonOffIcon />}>
      {label}
    </Button>
  );
}
