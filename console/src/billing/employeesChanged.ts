/**
 * A same-window signal that employees were added or removed: the seat count, and so the bill, changed
 * (spec section 4, billing refresh). The employees screen announces it; the billing screen listens.
 */
const EMPLOYEES_CHANGED_EVENT = 'teamfolk:employees-changed';

export function announceEmployeesChanged(): void {
  window.dispatchEvent(new Event(EMPLOYEES_CHANGED_EVENT));
}

/** Returns the function that stops listening. */
export function onEmployeesChanged(listener: () => void): () => void {
  window.addEventListener(EMPLOYEES_CHANGED_EVENT, listener);
  return () => window.removeEventListener(EMPLOYEES_CHANGED_EVENT, listener);
}
