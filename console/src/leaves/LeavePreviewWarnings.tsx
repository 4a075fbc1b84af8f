import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { nameListText } from '@teamfolk/shared/contracts';
import { useTranslate } from 'react-admin';
import { parseLeaveForm, type LeaveFormValues } from './leaveForm';
import { useLeavePreview } from './useLeavePreview';

/**
 * The server's word on the dialog's request before it is sent (issue 30): a blackout period's
 * refusal, the days over the team's cap and who else is out. Spans the form's two columns.
 */
export function LeavePreviewWarnings({ values }: { values: LeaveFormValues }) {
  const translate = useTranslate();
  const parsed = parseLeaveForm(values);
  const preview = useLeavePreview(parsed.ok ? parsed.input : null, translate('resources.leaves.messages.submitFailed'));

  return (
    <Box className="wide" aria-live="polite" sx={{ display: 'grid', gap: 1, mt: 1 }}>
      {preview.status === 'checking' && (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.leaves.form.checking')}
        </Typography>
      )}
      {preview.status === 'refused' && <Alert severity="error">{preview.message}</Alert>}
      {preview.status === 'answered' && preview.reply.warnings.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>{translate('resources.leaves.form.warningsTitle')}</AlertTitle>
          {preview.reply.warnings.map((warning) => (
            <div key={warning}>{warning}</div>
          ))}
        </Alert>
      )}
      {preview.status === 'answered' && preview.reply.colleagues_out.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.leaves.form.colleaguesOut', {
            names: nameListText(preview.reply.colleagues_out.map((colleague) => colleague.name)),
          })}
        </Typography>
      )}
    </Box>
  );
}
