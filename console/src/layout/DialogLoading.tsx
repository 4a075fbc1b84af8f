import { CircularProgress, Dialog, DialogContent } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Stands in for a dialog whose code is still downloading, so the click that opened it is answered at once. */
export function DialogLoading({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const label = translate('app.loading');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={label}>
      <DialogContent role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-hidden />
      </DialogContent>
    </Dialog>
  );
}
