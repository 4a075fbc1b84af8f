import { BACKGROUND_REQUEST_HEADER, billingTexts, SESSION_TOKEN_HEADER } from '@teamfolk/shared/contracts';
import { readToken, storeToken } from '../auth/tokenStorage';
import { ApiRequestError } from './apiError';

/** Base path of every API call; the console and the API share an origin. */
const API_BASE_PATH = '/api';

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The JSON text of the payload. */
  body?: string;
  headers?: HeadersInit;
  signal?: AbortSignal | null;
  /** Calls whose failures are ignored by design (subscription sync) must not end the session either. */
  reportUnauthorized?: boolean;
  /** Lets the request finish even if the page goes away meanwhile (the logout call). */
  keepalive?: boolean;
  /** A refresh the page makes by itself, not the user's activity: it does not keep the session alive. */
  background?: boolean;
}

/** A JSON reply, as react-admin's fetchJson gives it (the simple REST provider reads `headers` and `json`). */
export interface HttpReply {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

let unauthorizedListener: (() => void) | undefined;
let subscriptionExpiredListener: (() => void) | undefined;

/** The session registers here so that a 401 on any signed-in call ends the session in one place. */
export function onUnauthorized(listener: () => void): void {
  unauthorizedListener = listener;
}

/** The session registers here so that every screen learns from one 402 subscriptionExpired that access ended. */
export function onSubscriptionExpired(listener: () => void): void {
  subscriptionExpiredListener = listener;
}

/** The one way to the API (`path` below /api), under every dataProvider method: a JSON reply. */
export async function httpClient(path: string, options: HttpOptions = {}): Promise<HttpReply> {
  const response = await send(path, 'application/json', options);
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, json: parseJson(body) };
}

/** A file from the API (an export): the same token and error handling as every other call. */
export async function httpDownload(path: string, accept: string, options: HttpOptions = {}): Promise<Blob> {
  const response = await send(path, accept, options);
  return response.blob();
}

async function send(path: string, accept: string, options: HttpOptions): Promise<Response> {
  const { method = 'GET', body, signal, reportUnauthorized = true, keepalive, background } = options;
  const token = readToken();
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', accept);
  if (body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (background) headers.set(BACKGROUND_REQUEST_HEADER, '1');

  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, { method, headers, body, signal, keepalive });
  } catch (cause) {
    // An abandoned request stays an AbortError, which react-admin and the screens leave unreported.
    if (signal?.aborted) throw cause;
    throw new ApiRequestError(0, {}, { cause });
  }

  if (token) adoptRenewedToken(token, response.headers);
  if (!response.ok) {
    const endedSession = response.status === 401 && token !== null && reportUnauthorized;
    if (endedSession) unauthorizedListener?.();
    const payload = parseJson(await response.text());
    const error = new ApiRequestError(response.status, isObject(payload) ? payload : {}, {
      statusText: response.statusText,
      endedSession,
    });
    reportSubscriptionExpired(path, error);
    throw error;
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

/**
 * Spec section 4: a reply flagged subscriptionExpired, outside sign-in and billing (where the admin
 * subscribes again), is logged with a note for whoever is not on the billing page, and tells the
 * session, whose banner and screens then show the state. The error still reaches the caller.
 */
function reportSubscriptionExpired(path: string, error: ApiRequestError): void {
  if (!error.subscriptionExpired || path.includes('/login') || path.includes('/billing')) return;
  console.warn(billingTexts.subscriptionExpired);
  if (!window.location.pathname.includes('/billing')) console.warn(billingTexts.subscriptionExpiredContactAdmin);
  subscriptionExpiredListener?.();
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
