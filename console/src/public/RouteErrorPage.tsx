import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { en } from '../i18n/en';

const texts = en.app.errors;

/**
 * The router's error element: a failed route (a chunk that no longer exists after a deploy, a render
 * error) lands here. Full page loads rather than router navigation, since the router itself may be what broke.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : texts.applicationError;

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <title>{`${title} · ${en.app.name}`}</title>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {texts.routeErrorMessage}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {texts.reloadPage}
          </Button>
          <Button variant="outlined" onClick={() => window.location.assign('/')}>
            {texts.goToHome}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
