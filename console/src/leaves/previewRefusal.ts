/**
 * Whether a failed preview is a refusal for the preview's own alert: what the submission would meet
 * (4xx with its message) but a balance's (422), which the dialog's balance line already states, and
 * but a sign-in or subscription ending (401, 402: the session's to handle) or the server not answering.
 */
export function isPreviewRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 402 && status !== 422;
}
