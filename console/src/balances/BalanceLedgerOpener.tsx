import { lazy, Suspense, useState, type ReactElement } from 'react';
import type { LedgerBalance } from '@teamfolk/shared/contracts';
import type { Identifier } from 'react-admin';
import { DialogLoading } from '../layout/DialogLoading';

/* Its own chunk, fetched on the first opening: the dashboard home does not pay for the ledger view. */
const BalanceLedgerDialog = lazy(() =>
  import('./BalanceLedgerDialog').then((module) => ({ default: module.BalanceLedgerDialog })),
);

interface BalanceLedgerOpenerProps {
  employeeId: Identifier;
  name: string;
  balance?: LedgerBalance;
  /** The control that opens the ledger view, given the function that opens it. */
  renderOpener: (open: () => void) => ReactElement;
}

/** A control that opens "How this is worked out" for one person, from wherever their balances show. */
export function BalanceLedgerOpener({ employeeId, name, balance, renderOpener }: BalanceLedgerOpenerProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      {renderOpener(() => setOpen(true))}
      {open && (
        <Suspense fallback={<DialogLoading onClose={close} />}>
          <BalanceLedgerDialog employeeId={employeeId} name={name} balance={balance} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
