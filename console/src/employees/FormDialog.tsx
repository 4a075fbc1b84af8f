import { useId, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, SaveButton, useTranslate } from 'react-admin';
import { useIsMobile } from '../layout/useIsMobile';
import type { FieldErrors } from './employeeForms';

type FormValues = Record<string, unknown>;

interface FormDialogProps<Values extends FormValues> {
  title: string;
  subtitle?: string;
  submitLabel: string;
  defaultValues: Values;
  /** Resolves to the errors to show under the inputs, or to nothing once saved. */
  onSubmit: (values: Values) => Promise<FieldErrors | undefined>;
  onClose: () => void;
  children: ReactNode;
}

/** A react-admin form in a dialog (full screen on phones) with Cancel and a submit button. */
export function FormDialog<Values extends FormValues>({
  title,
  subtitle,
  submitLabel,
  defaultValues,
  onSubmit,
  onClose,
  children,
}: FormDialogProps<Values>) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const titleId = useId();
  const [saving, setSaving] = useState(false);

  async function handleSubmit(values: FormValues) {
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
      <Form defaultValues={defaultValues} onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {translate('ra.action.cancel')}
          </Button>
          <SaveButton label={submitLabel} alwaysEnable={!saving} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
