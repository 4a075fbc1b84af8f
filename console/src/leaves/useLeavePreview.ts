import { useEffect, useState } from 'react';
import type { LeavePreviewReply, LeaveRequestInput } from '@teamfolk/shared/contracts';
import { useDataProvider } from 'react-admin';
import { errorMessage } from '../providers/apiError';
import type { TeamfolkDataProvider } from '../providers/dataProvider';
import { isPreviewRefusal } from './previewRefusal';

/** How long the fields rest before the server is asked: a typed date is not a request per key. */
export const PREVIEW_DEBOUNCE_MS = 400;

export type LeavePreviewState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'answered'; reply: LeavePreviewReply }
  /** What the submission would be refused with (a blackout period, a balance, an overlap). */
  | { status: 'refused'; message: string };

interface Answer {
  key: string;
  state: Exclude<LeavePreviewState, { status: 'idle' } | { status: 'checking' }>;
}

/**
 * POST /leaves/preview for the dialog's fields, once they are a valid submission and have rested:
 * the coverage warnings, who else is out, and the refusal the submission would meet. A failure that
 * is not a refusal (the server unreachable) shows nothing: the submission will say it.
 */
export function useLeavePreview(input: LeaveRequestInput | null, refusalFallback: string): LeavePreviewState {
  const dataProvider = useDataProvider<TeamfolkDataProvider>();
  const key = input ? JSON.stringify(input) : null;
  const [answer, setAnswer] = useState<Answer>();

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      dataProvider
        .previewLeave(JSON.parse(key) as LeaveRequestInput, { signal: controller.signal, background: true })
        .then(
          ({ data }) => setAnswer({ key, state: { status: 'answered', reply: data } }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const status = (error as { status?: number }).status ?? 0;
            if (isPreviewRefusal(status))
              setAnswer({ key, state: { status: 'refused', message: errorMessage(error, refusalFallback) } });
            else setAnswer(undefined);
          },
        );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [dataProvider, key, refusalFallback]);

  if (key === null) return { status: 'idle' };
  return answer?.key === key ? answer.state : { status: 'checking' };
}
