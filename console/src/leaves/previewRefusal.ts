/**
 * Whether a failed preview is the refusal the submission would meet (4xx with its message), rather
 * than a sign-in or subscription ending (401, 402: the session's to handle) or the server not answering.
 */
export function isPreviewRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 402;
}
