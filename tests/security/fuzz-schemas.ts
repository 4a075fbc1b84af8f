import { z } from 'zod';
import {
  absenceRateQuerySchema,
  absenceReportQuerySchema,
  acceptInvitationSchema,
  ACTIVITY_SORT_FIELDS,
  calendarEventsQuerySchema,
  calendarRangeSchema,
  changePasswordSchema,
  companySettingsSchema,
  createCheckoutSessionSchema,
  createSetupIntentSchema,
  dataExportDownloadSchema,
  dataExportRequestSchema,
  decisionEmailPreferenceSchema,
  decisionPostSchema,
  EMPLOYEE_SORT_FIELDS,
  balanceLedgerQuerySchema,
  blackoutInputSchema,
  balancesOnQuerySchema,
  employeeBalancesWithNoteSchema,
  employeeChangeSchema,
  employeeCreateSchema,
  leavePolicyUpdateSchema,
  LEAVE_SORT_FIELDS,
  LEAVE_STATUSES,
  leaveApprovalSchema,
  leaveRequestInputSchema,
  loginSchema,
  lowUptakeQuerySchema,
  paymentSuccessSchema,
  reportOnQuerySchema,
  REQUEST_TYPES,
  resendVerificationSchema,
  signupSchema,
  teamInputSchema,
  teamUpdateSchema,
  TIME_CREDIT_SORT_FIELDS,
  TIME_CREDIT_STATUSES,
  timeCreditDecisionSchema,
  timeCreditInputSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorLoginSchema,
  updatePaymentMethodSchema,
} from '@teamfolk/shared';

/**
 * What the fuzzing suite sends to each route: the zod schema of its body and query where it has
 * one, what its path parameters are, and the answers it gives by design. The suite fails for a
 * route of the router's table without an entry here.
 */

/** What a path parameter names. */
export type ParamKind = 'recordId' | 'emailToken' | 'feedToken' | 'providerId';

export interface FuzzEntry {
  body?: z.ZodType;
  /** A plain query string (`?start=…&end=…`). */
  query?: z.ZodType;
  /** react-admin's list dialect: `sort`, `range` and `filter` as JSON in the query string. */
  listQuery?: { sort: z.ZodType; range: z.ZodType; filter: z.ZodType };
  params?: Record<string, ParamKind>;
  /** Refusals the route gives by design besides 400, 404, 409, 413, 415 and 422 (e.g. 410 for a used link). */
  alsoAnswers?: number[];
  /** Share of the suite's runs per route (routes that hash a password cost ~50 ms a call). */
  weight?: number;
  /**
   * Requests always sent before the generated ones: a valid request of the route with these fields
   * changed. Inputs that once broke the route stay here.
   */
  examples?: { query?: Record<string, string>; body?: Record<string, unknown> }[];
}

const yearZero = '0000-01-01';

const range = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const sortOf = (fields: readonly [string, ...string[]]) => z.tuple([z.enum(fields), z.enum(['ASC', 'DESC', 'asc'])]);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The filters the list routes read (employees: `q`, `id`; leaves: status, type, person and dates). */
const employeeListFilter = z
  .object({
    q: z.string(),
    id: z.union([z.number().int().positive(), z.array(z.number().int().positive())]),
    team_id: z.number().int().positive(),
  })
  .partial();
const leaveListFilter = z
  .object({
    status: z.enum(LEAVE_STATUSES),
    request_type: z.enum(REQUEST_TYPES),
    employee_id: z.number().int().positive(),
    from: day,
    to: day,
    to_decide: z.boolean(),
  })
  .partial();

const hashesPassword = 0.3;
/** A report reads and works out the whole company's leave or ledgers on each call: fewer runs, same inputs. */
const wholeCompanyReport = 0.3;

export const fuzzEntries: Record<string, FuzzEntry> = {
  'POST /api/auth/signup': { body: signupSchema, alsoAnswers: [429], weight: hashesPassword },
  'POST /api/auth/login': { body: loginSchema, alsoAnswers: [401, 403, 429], weight: hashesPassword },
  'POST /api/auth/resend-verification': { body: resendVerificationSchema, alsoAnswers: [429] },
  'GET /api/auth/verify-email/:token': { params: { token: 'emailToken' }, alsoAnswers: [410] },
  'GET /api/auth/invitation/:token': { params: { token: 'emailToken' }, alsoAnswers: [410] },
  'POST /api/auth/invitation/accept': {
    body: acceptInvitationSchema,
    alsoAnswers: [410, 429],
    weight: hashesPassword,
  },
  // A dead or unknown link is shown as such (200); deciding with one is 404 (unknown) or 410 (used, decided, expired).
  'GET /api/decisions/:token': { params: { token: 'emailToken' } },
  'POST /api/decisions/:token': {
    params: { token: 'emailToken' },
    body: decisionPostSchema,
    alsoAnswers: [410, 429],
  },
  'GET /api/auth/me': {},
  'GET /api/auth/email-preference': {},
  'PUT /api/auth/email-preference': { body: decisionEmailPreferenceSchema },
  // Every successful sign-out costs a new sign-in (a password hash) before the next request.
  'POST /api/auth/logout': { weight: 0.2 },
  'PUT /api/auth/password': { body: changePasswordSchema, alsoAnswers: [429], weight: hashesPassword },
  // 401: the challenge or the code is wrong; 429: the user's wrong codes hold the step for a while.
  'POST /api/auth/login/two-factor': { body: twoFactorLoginSchema, alsoAnswers: [401, 429] },
  'GET /api/auth/two-factor': {},
  // Each success draws a QR code (a PNG): the costliest reply of the API.
  'POST /api/auth/two-factor/start': { weight: 0.3 },
  'POST /api/auth/two-factor/confirm': { body: twoFactorConfirmSchema, alsoAnswers: [429] },
  'DELETE /api/auth/two-factor': { body: twoFactorDisableSchema, alsoAnswers: [429], weight: hashesPassword },

  'GET /api/employees': {
    listQuery: { sort: sortOf(EMPLOYEE_SORT_FIELDS), range, filter: employeeListFilter },
    examples: [{ query: { range: '[1e20,1e20]' } }],
  },
  // 402: no seat can be added without a card (the fuzzed admin's card may have been removed).
  'POST /api/employees': {
    body: employeeCreateSchema,
    alsoAnswers: [402],
    examples: [{ body: { hire_date: yearZero } }, { body: { birthday: yearZero } }],
  },
  'GET /api/employees/:id': { params: { id: 'recordId' } },
  'PUT /api/employees/:id': {
    params: { id: 'recordId' },
    body: employeeChangeSchema,
    examples: [{ body: { hire_date: yearZero } }],
  },
  'PUT /api/employees/:id/balances': { params: { id: 'recordId' }, body: employeeBalancesWithNoteSchema },
  'GET /api/employees/:id/balance-ledger': {
    params: { id: 'recordId' },
    query: balanceLedgerQuerySchema,
    examples: [{ query: { year: '0' } }, { query: { year: '9999' } }],
  },
  'GET /api/employees/:id/balances': {
    params: { id: 'recordId' },
    query: balancesOnQuerySchema,
    examples: [{ query: { on: yearZero } }, { query: { on: '9999-12-31' } }],
  },
  'GET /api/leave-policy': {},
  'PUT /api/leave-policy': { body: leavePolicyUpdateSchema },
  'DELETE /api/employees/:id': { params: { id: 'recordId' } },
  'POST /api/employees/:id/resend-invitation': { params: { id: 'recordId' } },

  'GET /api/teams': {},
  'POST /api/teams': { body: teamInputSchema },
  'GET /api/teams/:id': { params: { id: 'recordId' } },
  'PUT /api/teams/:id': { params: { id: 'recordId' }, body: teamUpdateSchema },
  'DELETE /api/teams/:id': { params: { id: 'recordId' } },

  'GET /api/leaves': {
    listQuery: { sort: sortOf(LEAVE_SORT_FIELDS), range, filter: leaveListFilter },
    examples: [
      { query: { filter: '{"from":"7462-55-24"}' } },
      { query: { filter: '{"to":"0000-01-01"}' } },
      { query: { range: '[1e20,1e20]' } },
    ],
  },
  // 403: an employee may not record leave for someone else (employee_id).
  'POST /api/leaves': {
    body: leaveRequestInputSchema,
    alsoAnswers: [403],
    examples: [{ body: { start_date: '0000-01-03', end_date: '0000-01-03' } }],
  },
  // 403: an employee may not preview leave for someone else (employee_id).
  'POST /api/leaves/preview': { body: leaveRequestInputSchema, alsoAnswers: [403] },
  'PUT /api/leaves/:id/approve': { params: { id: 'recordId' }, body: leaveApprovalSchema },
  'POST /api/leaves/:id/cancel': { params: { id: 'recordId' } },

  'GET /api/time-credits': {
    listQuery: {
      sort: sortOf(TIME_CREDIT_SORT_FIELDS),
      range,
      filter: z.object({ status: z.enum(TIME_CREDIT_STATUSES) }).partial(),
    },
    examples: [{ query: { range: '[1e20,1e20]' } }, { query: { filter: '{"status":"lost"}' } }],
  },
  // 403: an employee may not log hours for someone else (employee_id); 404: no such employee (an
  // admin naming nobody has no hours bank of their own).
  'POST /api/time-credits': {
    body: timeCreditInputSchema,
    alsoAnswers: [403, 404],
    examples: [{ body: { date: yearZero } }],
  },
  'PUT /api/time-credits/:id/approve': { params: { id: 'recordId' }, body: timeCreditDecisionSchema },

  'GET /api/blackouts': {
    query: calendarRangeSchema,
    examples: [{ query: { start: yearZero, end: yearZero } }, { query: { start: '2026-13-01' } }],
  },
  'POST /api/blackouts': {
    body: blackoutInputSchema,
    examples: [{ body: { start_date: yearZero } }, { body: { team_id: 2147483648 } }],
  },
  'DELETE /api/blackouts/:id': { params: { id: 'recordId' } },

  'GET /api/calendar/feed/:token.ics': { params: { token: 'feedToken' } },
  'GET /api/calendar/events': {
    query: calendarEventsQuerySchema,
    examples: [{ query: { start: yearZero, end: yearZero } }, { query: { team_id: '2147483648' } }],
  },
  'GET /api/calendar/holidays': {
    query: calendarRangeSchema,
    examples: [{ query: { start: yearZero, end: yearZero } }],
  },
  'GET /api/calendar/export/ical': {},
  'GET /api/calendar/export/google': {},
  'GET /api/calendar/feed-url': {},
  'POST /api/calendar/feed-url/regenerate': {},
  'GET /api/calendar/settings': {},
  'PUT /api/calendar/settings': { body: companySettingsSchema },

  'GET /api/dashboard/summary': {},
  'GET /api/dashboard/upcoming-events': {},

  'GET /api/billing/seats': {},
  'GET /api/billing/info': {},
  'GET /api/billing/history': {},
  'GET /api/billing/payment-methods': {},
  'POST /api/billing/create-checkout-session': {
    body: createCheckoutSessionSchema,
    examples: [
      { body: { pendingEmployeeData: { name: 'Year Zero', email: 'year-zero@example.com', hire_date: yearZero } } },
    ],
  },
  // 402: a checkout that was never paid.
  'POST /api/billing/payment-success': { body: paymentSuccessSchema, alsoAnswers: [402] },
  'POST /api/billing/create-setup-intent': { body: createSetupIntentSchema },
  'POST /api/billing/update-payment-method': { body: updatePaymentMethodSchema },
  'DELETE /api/billing/payment-methods/:id': { params: { id: 'providerId' } },
  'POST /api/billing/cancel-subscription': {},
  'POST /api/billing/cancel-subscription-immediately': {},
  'POST /api/billing/reactivate-subscription': {},
  'POST /api/billing/sync-subscription': {},
  'POST /api/billing/webhook': {},

  // 403: an employee asking for the company's data.
  'POST /api/privacy/exports': { body: dataExportRequestSchema, alsoAnswers: [403] },
  'GET /api/privacy/exports': {},
  'GET /api/privacy/exports/:id': { params: { id: 'recordId' } },
  // 410: an export whose window has passed, or that an erasure withdrew.
  'GET /api/privacy/exports/:id/download': {
    params: { id: 'recordId' },
    query: dataExportDownloadSchema,
    alsoAnswers: [410],
  },
  'GET /api/privacy/former-employees': {},
  'POST /api/privacy/former-employees/:id/erase': { params: { id: 'recordId' } },

  'GET /api/reports/absence': {
    query: absenceReportQuerySchema,
    weight: wholeCompanyReport,
    examples: [{ query: { from: '0001-01-01', to: '0001-12-31', group_by: 'month' } }, { query: { team_id: '1e20' } }],
  },
  'GET /api/reports/absence-rate': {
    query: absenceRateQuerySchema,
    weight: wholeCompanyReport,
    examples: [{ query: { from: '9997-01-01', to: '9999-12-31' } }],
  },
  'GET /api/reports/bradford': {
    query: reportOnQuerySchema,
    weight: wholeCompanyReport,
    examples: [{ query: { on: '0001-01-01' } }],
  },
  'GET /api/reports/balances': {
    query: reportOnQuerySchema,
    weight: wholeCompanyReport,
    examples: [{ query: { on: '0001-01-01' } }, { query: { on: '9999-12-31', format: 'xlsx' } }],
  },
  'GET /api/reports/low-uptake': {
    query: lowUptakeQuerySchema,
    weight: wholeCompanyReport,
    examples: [{ query: { threshold: 'NaN' } }],
  },
  'GET /api/activity': {
    listQuery: {
      sort: sortOf(ACTIVITY_SORT_FIELDS),
      range,
      filter: z.object({ from: day, to: day, employee_id: z.number().int(), kind: z.string() }).partial(),
    },
    examples: [{ query: { from: '0001-01-01', format: 'csv' } }, { query: { filter: '{"employee_id":1e20}' } }],
  },
};
