import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { DialogLoading } from '../layout/DialogLoading';

const loadLeaveCreate = () => import('./LeaveCreate');
/* The form, its inputs and the leave rules are fetched on intent: the dashboard home shows this button to everyone. */
const LeaveCreateDialog = lazy(() => loadLeaveCreate().then((module) => ({ default: module.LeaveCreateDialog })));

/** The 'Submit Leave Request' button and its dialog; `onSubmitted` lets a screen reload what the request changes. */
export function SubmitLeaveButton({ onSubmitted }: { onSubmitted?: () => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const preload = () => void loadLeaveCreate();
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {translate('resources.leaves.actions.submit')}
      </Button>
      {open && (
        <Suspense fallback={<DialogLoading onClose={() => setOpen(false)} />}>
          <LeaveCreateDialog onClose={() => setOpen(false)} onSubmitted={onSubmitted} />
        </Suspense>
      )}
    </>
  );
}
