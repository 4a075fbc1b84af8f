import {
  BACKGROUND_REQUEST_HEADER,
  billingTexts,
  SESSION_TOKEN_HEADER,
  type ApiError,
} from '@teamfolk/shared/contracts';
import { readToken, storeToken } from '../auth/tokenStorage';

/** Base path of every API call; the console and the API share an origin. */
export const API_BASE_PATH = '/api';

/** A failed API call: the HTTP status (0 when the server could not be reached) and the server's message, if any. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiRequestError';
    this.status = status;
    this.field = field;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Calls whose failures are ignored by design (subscription sync) must not end the session either. */
  reportUnauthorized?: boolean;
  /** Lets the request finish even if the page goes away meanwhile (the logout call). */
  keepalive?: boolean;
  /** A refresh the page makes by itself, not the user's activity: it does not keep the session alive. */
  background?: boolean;
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | undefined;
let subscriptionExpiredListener: (() => void) | undefined;

/** The session registers here so that a 401 on any signed-in call ends the session in one place. */
export function onUnauthorized(listener: UnauthorizedListener): void {
  unauthorizedListener = listener;
}

/** The session registers here so that every screen learns from one 402 subscriptionExpired that access ended. */
export function onSubscriptionExpired(listener: () => void): void {
  subscriptionExpiredListener = listener;
}

export async function apiRequest<Reply>(path: string, options: ApiRequestOptions = {}): Promise<Reply> {
  const response = await send(path, 'application/json', options);
  return (await readJsonBody(response)) as Reply;
}

/** A file from the API (an export): the same bearer token and error handling as every other call. */
export async function apiDownload(path: string, accept: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const response = await send(path, accept, options);
  return response.blob();
}

async function send(path: string, accept: string, options: ApiRequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, reportUnauthorized = true, keepalive, background } = options;
  const token = readToken();
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (background) headers[BACKGROUND_REQUEST_HEADER] = '1';

  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (cause) {
    throw new ApiRequestError(0, '', undefined, { cause });
  }

  if (token) adoptRenewedToken(token, response.headers);
  if (!response.ok) {
    if (response.status === 401 && token && reportUnauthorized) unauthorizedListener?.();
    const payload = await readJsonBody(response);
    reportSubscriptionExpired(path, payload);
    const { message, field } = asApiError(payload);
    throw new ApiRequestError(response.status, message, field);
  }
  return response;
}

/**
 * While the user is active the API hands back a renewed session token (the old one expires after a
 * period of inactivity): it replaces the stored one, unless the session changed meanwhile (a logout,
 * another sign-in), so a late reply never brings an ended session back.
 */
export function adoptRenewedToken(sentToken: string, headers: Headers): void {
  const renewed = headers.get(SESSION_TOKEN_HEADER);
  if (renewed && readToken() === sentToken) storeToken(renewed);
}

/** Whether a failed call's JSON body is the API's 402 subscriptionExpired. */
export function isSubscriptionExpiredReply(payload: unknown): boolean {
  return (
    typeof payload === 'object' && payload !== null && (payload as Record<string, unknown>).subscriptionExpired === true
  );
}

/**
 * Spec section 4: a reply flagged subscriptionExpired, outside sign-in and billing (where the admin
 * subscribes again), is logged with a note for whoever is not on the billing page, and tells the
 * session, whose banner and screens then show the state. The error still reaches the caller.
 */
export function reportSubscriptionExpired(path: string, payload: unknown): void {
  if (!isSubscriptionExpiredReply(payload) || path.includes('/login') || path.includes('/billing')) return;
  console.warn(billingTexts.subscriptionExpired);
  if (!window.location.pathname.includes('/billing')) console.warn(billingTexts.subscriptionExpiredContactAdmin);
  subscriptionExpiredListener?.();
}

/** The server's message when it sent one, otherwise the screen's own default text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}

async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asApiError(payload: unknown): ApiError {
  if (typeof payload !== 'object' || payload === null) return { message: '' };
  const { message, field } = payload as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : '',
    ...(typeof field === 'string' ? { field } : {}),
  };
}
