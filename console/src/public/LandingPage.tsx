import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { en } from '../i18n/en';
import { Brand } from './Brand';

const texts = en.app;

/** A placeholder until the marketing landing page is built. */
export function LandingPage() {
  const { user } = useSession();
  const navigate = useNavigate();

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <title>{texts.landing.documentTitle}</title>
      <Box component="header" sx={{ px: { xs: 2, sm: 4 }, py: 2 }}>
        <Brand />
      </Box>
      <Stack
        component="main"
        spacing={3}
        sx={{ flexGrow: 1, alignItems: 'center', justifyContent: 'center', textAlign: 'center', px: 2, pb: 8 }}
      >
        <Typography component="h1" variant="h3" sx={{ fontWeight: 700, fontSize: { xs: '2.25rem', sm: '3rem' } }}>
          {texts.name}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ maxWidth: 560, fontWeight: 400 }}>
          {texts.landing.tagline}
        </Typography>
        {user ? (
          <Button variant="contained" size="large" onClick={() => navigate('/dashboard')}>
            {texts.landing.dashboard}
          </Button>
        ) : (
          <>
            <Button variant="contained" size="large" onClick={() => navigate('/login')}>
              {texts.auth.signIn}
            </Button>
            <Typography variant="body2">
              {texts.landing.newHere}{' '}
              <Link component={RouterLink} to="/signup">
                {texts.auth.signUp}
              </Link>
            </Typography>
          </>
        )}
      </Stack>
    </Box>
  );
}
