/** Business constants and timers of the product spec (section 9), defined once for API, workers and console. */

export const TOKEN_STORAGE_KEY = 'token';

/** Response header with a renewed session token, which the console stores in place of the old one. */
export const SESSION_TOKEN_HEADER = 'X-Session-Token';

/**
 * Marks a request the console makes by itself (a screen's periodic refresh): it is answered as any
 * other but is not activity, so it renews no session and an unattended tab still times out.
 */
export const BACKGROUND_REQUEST_HEADER = 'X-Background-Request';

/**
 * How deeply objects and arrays may nest in a request body. The API's bodies nest two or three
 * levels; a deeper one is refused before anything walks it (a walk that recurses could overflow the
 * call stack, and a 100 KB body holds 50,000 levels).
 */
export const MAX_REQUEST_BODY_DEPTH = 32;

export const SEAT_PRICE_CENTS = 200;

export const EMPLOYEE_DEFAULTS = {
  vacationDaysTotal: 25,
  sickDaysTotal: 10,
  bankHoursTotal: 0,
} as const;

/** The shortest password an admin may choose at sign-up (ASVS 6.2.1). */
export const PASSWORD_MIN_LENGTH = 8;
/** The spec's rule for a person accepting an invitation. */
export const INVITATION_PASSWORD_MIN_LENGTH = 6;
/** The longest password accepted anywhere (ASVS 6.2.9: at least 64 must be allowed). */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A device token (a browser's proof of a past sign-in to one account) stays valid this long; each
 * sign-in with it renews it. It lets that browser through the account's lockout after failed
 * sign-ins, which anyone who knows the address can cause.
 */
export const DEVICE_TOKEN_TTL_DAYS = 180;
/** Where the console keeps its device tokens: a JSON object from e-mail address to token. */
export const DEVICE_TOKENS_STORAGE_KEY = 'teamfolk.deviceTokens';

/** Verification and invitation links stay valid this long. */
export const EMAIL_TOKEN_TTL_HOURS = 7 * 24;

export const TIMERS_MS = {
  verificationBannerRefresh: 30_000,
  refreshAfterResend: 2_000,
  billingRefresh: 5_000,
  checkoutRedirect: 1_000,
  afterEmployeeCreatedRedirect: 2_000,
  paymentRequiredRedirect: 2_000,
  failedPaymentRedirect: 3_000,
} as const;

export const LAYOUT = {
  sidebarWidthPx: 240,
  mobileBreakpointPx: 600,
  landingTopBarScrollPx: 100,
} as const;

export const UPCOMING_EVENTS_WINDOW_DAYS = 30;

export const DEFAULT_LEAVE_TIMES = { start: '09:00', end: '17:00' } as const;

/** Hours in a working day: a partial day counts its hours as a fraction of it. */
export const DEFAULT_WORKDAY_HOURS = 8;

/** The longest single leave request. */
export const MAX_LEAVE_SPAN_DAYS = 366;
