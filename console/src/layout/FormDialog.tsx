import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, SaveButton, useTranslate, type ValidateForm } from 'react-admin';
import { useIsMobile } from './useIsMobile';

/** Messages by field name, shown under the inputs. */
export type FormDialogErrors = Partial<Record<string, string>>;

interface FormDialogProps<Values extends object> {
  title: string;
  subtitle?: string;
  /** The submit button's text, or an i18n key. */
  submitLabel: string;
  /** The submit button's icon; SaveButton's own by default. */
  submitIcon?: ReactNode;
  defaultValues: Values;
  /** Checks the whole form before onSubmit is called; its errors show under the inputs. */
  validate?: ValidateForm;
  disableInvalidFormNotification?: boolean;
  /** Resolves to the errors to show under the inputs, or to nothing once saved (or once `error` tells why not). */
  onSubmit: (values: Values) => Promise<FormDialogErrors | undefined>;
  onClose: () => void;
  /** A failure that belongs to no input, shown above them. */
  error?: string | null;
  /** The form says why it cannot be sent (a message of its own): the submit button waits meanwhile. */
  submitDisabled?: boolean;
  children: ReactNode;
}

/** The inputs of a dialog's form: two columns from 600px, one below; a `wide` child spans both. */
export const formGridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
  '& > .wide': { gridColumn: '1 / -1' },
} as const;

/** A react-admin form in a dialog (full screen on phones) with Cancel and a submit button. */
export function FormDialog<Values extends object>({
  title,
  subtitle,
  submitLabel,
  submitIcon,
  defaultValues,
  validate,
  disableInvalidFormNotification,
  onSubmit,
  onClose,
  error,
  submitDisabled = false,
  children,
}: FormDialogProps<Values>) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const titleId = useId();
  const [saving, setSaving] = useState(false);

  async function handleSubmit(values: object) {
    setSaving(true);
    try {
      return await onSubmit(values as Values);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Form
        defaultValues={defaultValues}
        validate={validate}
        disableInvalidFormNotification={disableInvalidFormNotification}
        onSubmit={handleSubmit}
        noValidate
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {translate('ra.action.cancel')}
          </Button>
          <SaveButton
            label={submitLabel}
            icon={submitIcon}
            alwaysEnable={!saving && !submitDisabled}
            disabled={submitDisabled}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
