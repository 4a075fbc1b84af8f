import { useEffect } from 'react';

/** Focus and visibility often fire together when a tab comes back: they count as one return. */
const SAME_RETURN_MS = 1000;

interface PageEvents {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  now: () => number;
}

/**
 * Calls `onReturn` when the user comes back to the page: the window regains focus, or the page
 * becomes visible again (a phone's app switcher). Returns the function that stops watching.
 */
export function watchReturnToPage(onReturn: () => void, events: PageEvents): () => void {
  let lastReturn = Number.NEGATIVE_INFINITY;
  const returned = () => {
    const now = events.now();
    if (now - lastReturn < SAME_RETURN_MS) return;
    lastReturn = now;
    onReturn();
  };
  const onVisibilityChange = () => {
    if (events.document.visibilityState === 'visible') returned();
  };
  events.window.addEventListener('focus', returned);
  events.document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    events.window.removeEventListener('focus', returned);
    events.document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

/** {@link watchReturnToPage} while `active`, for a screen that re-reads what may have changed elsewhere. */
export function useReturnToPage(active: boolean, onReturn: () => void): void {
  useEffect(() => {
    if (!active) return undefined;
    return watchReturnToPage(onReturn, { window, document, now: Date.now });
  }, [active, onReturn]);
}
