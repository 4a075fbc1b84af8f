import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import { timeCreditTexts } from '@teamfolk/shared/contracts';
import { DialogLoading } from '../layout/DialogLoading';

const loadDialog = () => import('./LogExtraHoursDialog');
/* Fetched on intent, as the leave dialog is: the dashboard home shows this button to everyone. */
const LogExtraHoursDialog = lazy(() => loadDialog().then((module) => ({ default: module.LogExtraHoursDialog })));

/** 'Log extra hours', beside 'Submit Leave Request': everyone who asks for leave logs time in lieu. */
export function LogExtraHoursButton() {
  const [open, setOpen] = useState(false);
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MoreTimeIcon />}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {timeCreditTexts.logExtraHours}
      </Button>
      {open && (
        <Suspense fallback={<DialogLoading onClose={() => setOpen(false)} />}>
          <LogExtraHoursDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
