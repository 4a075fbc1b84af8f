import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, Link, Typography, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/**
 * The text inputs of a form, by name: their values, and `field(name)`, the props that bind an input
 * to its value (spread on a RequiredTextField).
 */
export function useFormFields<Values extends Record<string, string>>(initial: Values) {
  const [values, setValues] = useState(initial);
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return { values, setValues, field };
}

/** The form's one full-width action, waiting while the request runs. */
export function AuthSubmitButton({
  loading,
  disabled,
  sx = { mt: 2 },
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth loading={loading} disabled={disabled} sx={sx}>
      {children}
    </Button>
  );
}

/** 'Don't have an account? Sign up' under the sign-in form, and the other way round. */
export function AuthSwitchLink({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      {question}{' '}
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
    </Typography>
  );
}
