import { Alert, AlertTitle, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { checkoutReportView, type CheckoutReport } from './checkoutReport';

/** What became of a paid checkout whose return page was lost: being finished, or what it did. */
export function CheckoutReportAlert({ report, onClose }: { report: CheckoutReport; onClose: () => void }) {
  const translate = useTranslate();
  const view = checkoutReportView(report, translate);
  return (
    <Alert
      severity={view.severity}
      role={view.working ? 'status' : 'alert'}
      icon={view.working ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
      onClose={view.working ? undefined : onClose}
      sx={{ mb: 2 }}
    >
      {view.body ? <AlertTitle>{view.title}</AlertTitle> : view.title}
      {view.body}
    </Alert>
  );
}
