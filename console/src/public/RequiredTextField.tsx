import { TextField, type TextFieldProps } from '@mui/material';

/**
 * A full-width required field. Every field on these forms is required, so labels carry no asterisk
 * and read exactly as the spec names them.
 */
export function RequiredTextField(props: TextFieldProps) {
  return (
    <TextField
      required
      fullWidth
      margin="normal"
      {...props}
      slotProps={{ ...props.slotProps, inputLabel: { required: false } }}
    />
  );
}
