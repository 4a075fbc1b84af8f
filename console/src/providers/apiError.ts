/**
 * A failed API call, whichever screen or react-admin hook made it: the HTTP status (0 when the server
 * could not be reached) and the reply's JSON body ({message, field?, ...}). Shaped as react-admin's
 * HttpError (status, body, a message), so its hooks and notifications read it as their own.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The reply's JSON object; empty when it sent none. */
  readonly body: Readonly<Record<string, unknown>>;
  /** A 401 that ended the session, rather than one a call keeps to itself (a checkout confirmation). */
  readonly endedSession: boolean;

  constructor(
    status: number,
    body: Readonly<Record<string, unknown>>,
    {
      statusText = '',
      endedSession = false,
      cause,
    }: { statusText?: string; endedSession?: boolean; cause?: unknown } = {},
  ) {
    const message = typeof body.message === 'string' && body.message ? body.message : statusText;
    super(message, { cause });
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.endedSession = endedSession;
  }

  /** The input the server named as the problem, for the form to mark it. */
  get field(): string | undefined {
    return typeof this.body.field === 'string' ? this.body.field : undefined;
  }

  /** The API's 402: the company's subscription has ended. */
  get subscriptionExpired(): boolean {
    return this.body.subscriptionExpired === true;
  }
}

/** The server's own message when it sent one (spec section 8), otherwise the screen's default text. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = error instanceof ApiRequestError ? error.body.message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * A failed submission as a form shows it: the server's message (or `fallback`), and the same message
 * keyed by the input the server named when the form has that input (`inputs`: the form's values).
 */
export function submissionError(
  error: unknown,
  fallback: string,
  inputs: object,
): { message: string; onInput: Record<string, string> | undefined } {
  const message = errorMessage(error, fallback);
  const field = error instanceof ApiRequestError ? error.field : undefined;
  return { message, onInput: field && field in inputs ? { [field]: message } : undefined };
}
