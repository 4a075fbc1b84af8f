import { useState, type ReactElement } from 'react';
import { Box, Button } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GroupsIcon from '@mui/icons-material/Groups';
import UndoIcon from '@mui/icons-material/Undo';
import { teamTexts, type LeaveRequestRecord } from '@teamfolk/shared/contracts';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useSession } from '../auth/SessionProvider';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { coverageConflictOf } from '../teams/approver';
import { LeaveCoverageDetails } from '../teams/LeaveCoverageDetails';
import { useLeavesToDecide } from '../teams/LeavesToDecide';
import { leaveActionsFor, type LeaveActions } from './leaveActions';
import { formatLeavePeriod } from './leaveFormat';
import { RowIconButton } from '../layout/RowIconButton';

/** Icons with tooltips in the table, where space is short; labelled buttons on the phone cards. */
export type LeaveActionLook = 'icon' | 'button';

/** The row's buttons: an approver also decides the pending requests the API lists as theirs to decide. */
export function useLeaveRowActions(leave: LeaveRequestRecord | undefined): LeaveActions {
  const { user } = useSession();
  const toDecide = useLeavesToDecide();
  if (!leave) return { decide: false, withdraw: false };
  const actions = leaveActionsFor(user, leave);
  return { ...actions, decide: actions.decide || toDecide.ids.has(leave.id) };
}

/** Approve and reject (deciders, pending rows) and withdraw, for the request in the record context. */
export function LeaveRowActions({ look }: { look: LeaveActionLook }) {
  const leave = useRecordContext<LeaveRequestRecord>();
  const actions = useLeaveRowActions(leave);
  if (!leave) return null;
  if (!actions.decide && !actions.withdraw) return null;

  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'flex-end',
        ...(look === 'icon' ? { flexWrap: 'nowrap' } : { flexWrap: 'wrap', gap: 1 }),
      }}
    >
      {actions.decide && <DetailsButton leave={leave} look={look} />}
      {actions.decide && <DecideButtons leave={leave} look={look} />}
      {actions.withdraw && <WithdrawButton leave={leave} look={look} />}
    </Box>
  );
}

interface LeaveActionButtonProps {
  look: LeaveActionLook;
  text: string;
  label: string;
  icon: ReactElement;
  color: 'success' | 'error' | 'inherit';
  busy?: boolean;
  /** Another action of the row is under way. */
  disabled?: boolean;
  onClick: () => void;
}

function LeaveActionButton({
  look,
  text,
  label,
  icon,
  color,
  busy = false,
  disabled = false,
  onClick,
}: LeaveActionButtonProps) {
  if (look === 'button') {
    return (
      <Button
        size="small"
        variant="outlined"
        color={color}
        startIcon={icon}
        aria-label={label}
        loading={busy}
        disabled={disabled}
        onClick={onClick}
      >
        {text}
      </Button>
    );
  }
  return (
    <RowIconButton
      tooltip={text}
      label={label}
      icon={icon}
      color={color}
      busy={busy}
      disabled={disabled}
      onClick={onClick}
    />
  );
}

type Decision = 'approve' | 'reject';

/**
 * Approve and reject, sent when clicked: the row then shows what the server answered, and every query
 * on screen is re-read, since a decision changes more than its row (a filtered list loses it, the
 * employee's balance moves). An undoable update would hold the call back for seconds, in which a
 * second decision or a closed tab lost the first.
 */
function DecideButtons({ leave, look }: { leave: LeaveRequestRecord; look: LeaveActionLook }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { rememberConflict } = useLeavesToDecide();
  const [update] = useUpdate<LeaveRequestRecord>();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  /** The 409 of an approval past the team's cap: approving anyway (an override, audited) is asked first. */
  const [conflict, setConflict] = useState<string | null>(null);

  function decide(decision: Decision, override = false) {
    setDeciding(decision);
    void update(
      'leaves',
      {
        id: leave.id,
        data: { status: decision === 'approve' ? 'approved' : 'rejected', ...(override ? { override } : {}) },
        previousData: leave,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConflict(null);
          notify(decision === 'approve' ? 'resources.leaves.messages.approved' : 'resources.leaves.messages.rejected', {
            type: 'success',
          });
        },
        onError: (error) => {
          const overCap = override ? null : coverageConflictOf(error);
          if (overCap) {
            rememberConflict(leave.id, overCap);
            setConflict(overCap);
            return;
          }
          setConflict(null);
          notify(errorMessage(error, translate('resources.leaves.messages.updateFailed')), { type: 'error' });
        },
        onSettled: () => {
          setDeciding(null);
          refresh();
        },
      },
    );
  }

  return (
    <>
      {(['approve', 'reject'] as const).map((decision) => (
        <LeaveActionButton
          key={decision}
          look={look}
          text={translate(`resources.leaves.actions.${decision}`)}
          label={translate(`resources.leaves.actions.${decision}Label`, { name: leave.employee_name })}
          icon={decision === 'approve' ? <CheckCircleIcon /> : <CancelIcon />}
          color={decision === 'approve' ? 'success' : 'error'}
          busy={deciding === decision}
          disabled={deciding !== null}
          onClick={() => decide(decision)}
        />
      ))}
      <Confirm
        isOpen={conflict !== null}
        loading={deciding !== null}
        title="resources.leaves.override.title"
        content={`${conflict ?? ''} ${teamTexts.overrideConfirm}`}
        confirm="resources.leaves.override.confirm"
        confirmColor="warning"
        ConfirmIcon={CheckCircleIcon}
        onConfirm={() => decide('approve', true)}
        onClose={() => setConflict(null)}
      />
    </>
  );
}

/** Who else is out on the request's days, and the coverage conflict an approval met. */
function DetailsButton({ leave, look }: { leave: LeaveRequestRecord; look: LeaveActionLook }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <LeaveActionButton
        look={look}
        text={translate('resources.leaves.actions.details')}
        label={translate('resources.leaves.actions.detailsLabel', { name: leave.employee_name })}
        icon={<GroupsIcon />}
        color="inherit"
        onClick={() => setOpen(true)}
      />
      {open && <LeaveCoverageDetails leave={leave} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Asks first; an approved request gives its days back to the balance, so the session is re-read afterwards. */
function WithdrawButton({ leave, look }: { leave: LeaveRequestRecord; look: LeaveActionLook }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refreshList = useRefresh();
  const { refresh: refreshSession } = useSession();
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);

  async function withdraw() {
    setWithdrawing(true);
    try {
      const { data } = await dataProvider.cancelLeave(leave.id);
      setConfirming(false);
      notify(data.message || translate('resources.leaves.messages.withdrawn'), { type: 'success' });
      refreshList();
      void refreshSession();
    } catch (error) {
      // Closed first: while the confirmation is open, the notification would be hidden from screen readers.
      setConfirming(false);
      notify(errorMessage(error, translate('resources.leaves.messages.updateFailed')), { type: 'error' });
    } finally {
      setWithdrawing(false);
    }
  }

  return (
    <>
      <LeaveActionButton
        look={look}
        text={translate('resources.leaves.actions.withdraw')}
        label={translate('resources.leaves.actions.withdrawLabel', { name: leave.employee_name })}
        icon={<UndoIcon />}
        color="inherit"
        busy={withdrawing}
        onClick={() => setConfirming(true)}
      />
      <Confirm
        isOpen={confirming}
        loading={withdrawing}
        title="resources.leaves.withdraw.title"
        content={
          leave.status === 'approved'
            ? 'resources.leaves.withdraw.approvedContent'
            : 'resources.leaves.withdraw.pendingContent'
        }
        translateOptions={{ name: leave.employee_name, period: formatLeavePeriod(leave) }}
        confirm="resources.leaves.withdraw.confirm"
        confirmColor="warning"
        ConfirmIcon={UndoIcon}
        onConfirm={() => void withdraw()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
