import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { en } from '../i18n/en';

/** The logo and product name, linking home. */
export function Brand() {
  return (
    <Link
      component={RouterLink}
      to="/"
      underline="none"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        fontWeight: 700,
        fontSize: '1.25rem',
        color: 'primary.main',
      }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
      {en.app.name}
    </Link>
  );
}
