import { Button, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { en } from '../i18n/en';
import { AuthLayout } from './AuthLayout';

const texts = en.app.errors;

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout title={texts.pageNotFoundTitle}>
      <title>{`${texts.pageNotFoundTitle} · ${en.app.name}`}</title>
      <meta name="robots" content="noindex" />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {texts.pageNotFoundMessage}
      </Typography>
      <Button variant="contained" fullWidth onClick={() => navigate('/')}>
        {texts.goToHome}
      </Button>
    </AuthLayout>
  );
}
