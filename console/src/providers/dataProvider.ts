import simpleRestProvider from 'ra-data-simple-rest';
import type {
  DataProvider,
  GetListParams,
  GetManyParams,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import {
  leaveTexts,
  type AbsenceRateRow,
  type AbsenceReportRow,
  type AcceptInvitationPayload,
  type BalanceLedgerReply,
  type BalancesOnReply,
  type BalancesReportRow,
  type BradfordRow,
  type LowUptakeRow,
  type TeamRecord,
  type BlackoutInput,
  type BlackoutRecord,
  type DecisionEmailPreference,
  type LeavePreviewReply,
  type LeaveRequestInput,
  type BillingActionReply,
  type BillingCycleRecord,
  type BillingHistoryReply,
  type BillingInfo,
  type CalendarEntry,
  type CalendarFeed,
  type ChangePasswordPayload,
  type CheckoutSessionReply,
  type CompanySettings,
  type CreateCheckoutSessionInput,
  type DashboardSummary,
  type DataExportRecord,
  type DataExportReply,
  type DataExportScope,
  type EmployeeBalancesInput,
  type EmployeeErasedReply,
  type EmployeeSavedReply,
  type FormerEmployeeRecord,
  type GoogleCalendarLinks,
  type InvitationPreview,
  type LeavePolicy,
  type LeavePolicyUpdate,
  type LeaveSavedReply,
  type DecisionPageReply,
  type LoginPayload,
  type LoginReply,
  type PasswordChangedReply,
  type PaymentMethodsReply,
  type PaymentSuccessReply,
  type PublicHoliday,
  type SeatPreview,
  type SessionReply,
  type SessionUser,
  type SetupIntentReply,
  type SignInReply,
  type SignupPayload,
  type SignupReply,
  type TimeCreditInput,
  type TimeCreditSavedReply,
  type TwoFactorDisablePayload,
  type TwoFactorEnabledReply,
  type TwoFactorEnrolment,
  type TwoFactorLoginPayload,
  type TwoFactorStatus,
  type UpcomingEvent,
} from '@teamfolk/shared/contracts';
import type { DateRange } from '../calendar/calendarMonth';
import { todayAsIsoDate } from '../format/dates';
import type { ExportFormat, ReportName } from '../reports/reportFilters';
import { wholeListPage, withPlainFilterParams } from './listParams';
import { ApiRequestError } from './apiError';
import { httpClient, httpDownload, type HttpOptions } from './httpClient';

/** What a screen may add to a read: a signal to abandon it, and whether it is a refresh of its own. */
export type ReadOptions = Pick<HttpOptions, 'signal' | 'background'>;

export type CancellationTiming = 'periodEnd' | 'immediately';

export type SavedCompanySettings = CompanySettings & { message: string };

export type SavedLeavePolicy = LeavePolicy & { message: string };
/** The rows each report's route answers with (`{rows: [...]}`). */
export interface ReportRows {
  absence: AbsenceReportRow;
  'absence-rate': AbsenceRateRow;
  bradford: BradfordRow;
  balances: BalancesReportRow;
  'low-uptake': LowUptakeRow;
}

const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Every call the console makes to the API (spec section 7): react-admin's CRUD methods, then the
 * actions beyond them (STYLE habit 5), each answering `{ data }` as react-admin's methods do. Signed-in
 * screens reach them through `useDataProvider()`; the public pages and the session store, which
 * react-admin does not load, import `dataProvider` itself.
 */
export interface TeamfolkDataProvider extends DataProvider {
  // Signing in, up and out (the session store and the public pages).
  login(credentials: LoginPayload): Promise<{ data: LoginReply }>;
  completeTwoFactorLogin(payload: TwoFactorLoginPayload): Promise<{ data: SignInReply }>;
  signup(payload: SignupPayload): Promise<{ data: SignupReply }>;
  verifyEmail(token: string): Promise<{ data: unknown }>;
  resendVerification(email: string): Promise<{ data: { message: string } }>;
  getInvitation(token: string): Promise<{ data: InvitationPreview }>;
  acceptInvitation(payload: AcceptInvitationPayload): Promise<{ data: SessionReply }>;
  getSessionUser(options?: ReadOptions): Promise<{ data: SessionUser }>;
  /** Ends every session of the user; the request outlives the page it leaves from. */
  logout(): Promise<{ data: unknown }>;
  /** Admins, after each sign-in and refresh; every failure of it is ignored (spec section 6). */
  syncSubscription(): Promise<{ data: unknown }>;

  // The account page. Wrong passwords and codes come back as 400, never 401: a typo ends no session.
  /** The reply carries a new session: every other one, this tab's included, has ended. */
  changePassword(payload: ChangePasswordPayload): Promise<{ data: PasswordChangedReply }>;
  getTwoFactorStatus(options?: ReadOptions): Promise<{ data: TwoFactorStatus }>;
  startTwoFactor(): Promise<{ data: TwoFactorEnrolment }>;
  /** Turns it on; the reply carries a new session (the others have ended) and the recovery codes. */
  confirmTwoFactor(code: string): Promise<{ data: TwoFactorEnabledReply }>;
  disableTwoFactor(payload: TwoFactorDisablePayload): Promise<{ data: TwoFactorStatus }>;

  // Employees.
  /** `startedFrom`: balancesVersionOf the record the edit opened with; a 409 if they changed since. */
  updateBalances(
    id: Identifier,
    balances: EmployeeBalancesInput,
    startedFrom: string,
  ): Promise<{ data: EmployeeSavedReply }>;
  resendInvitation(id: Identifier): Promise<{ data: { message: string } }>;

  // Leave years: the company's policy, a person's ledger and forecast.
  getLeavePolicy(options?: ReadOptions): Promise<{ data: LeavePolicy }>;
  /** Admins; what the update leaves out keeps its value. The reply is the whole policy as saved. */
  saveLeavePolicy(update: LeavePolicyUpdate): Promise<{ data: SavedLeavePolicy }>;
  /** A leave year's ledger of an employee (their own, or anyone's for an admin); null: the current year. */
  getBalanceLedger(
    employeeId: Identifier,
    year: number | null,
    options?: ReadOptions,
  ): Promise<{ data: BalanceLedgerReply }>;
  /** What the employee can take on a day of this leave year or the next. */
  getBalancesOn(employeeId: Identifier, on: string, options?: ReadOptions): Promise<{ data: BalancesOnReply }>;

  // Leave requests.
  /**
   * PUT /leaves/:id/approve: approves (true) or rejects (false) a pending request; `override` approves
   * past the team's cap, which otherwise answers 409 naming the days and people.
   */
  approveLeave(id: Identifier, approved: boolean, override?: boolean): Promise<{ data: LeaveSavedReply }>;
  /** POST /leaves/preview: what the submission would count, draw and warn of; writes nothing, refuses as it would. */
  previewLeave(input: LeaveRequestInput, options?: ReadOptions): Promise<{ data: LeavePreviewReply }>;
  /** GET /decisions/:token: the e-mailed decision link's page (public; shows, never decides). */
  getDecisionLink(token: string): Promise<{ data: DecisionPageReply }>;
  /** POST /decisions/:token: decides as the link says (public; the link is the credential). */
  decideFromLink(token: string, approved: boolean): Promise<{ data: LeaveSavedReply }>;
  /** POST /leaves/:id/cancel: withdraws a request. */
  cancelLeave(id: Identifier): Promise<{ data: LeaveSavedReply }>;

  // Time in lieu (the list is react-admin's getList of 'time-credits').
  /** POST /time-credits: extra hours worked, pending an admin's decision. */
  logExtraHours(input: TimeCreditInput): Promise<{ data: TimeCreditSavedReply }>;
  /** PUT /time-credits/:id/approve: approves (true) or rejects (false) a pending credit. */
  decideTimeCredit(id: Identifier, approved: boolean): Promise<{ data: TimeCreditSavedReply }>;

  // The dashboard's home.
  getDashboardSummary(): Promise<{ data: DashboardSummary }>;
  getUpcomingEvents(): Promise<{ data: UpcomingEvent[] }>;

  // The calendar.
  /** Leave and blackout periods (CalendarEntry); `teamId`: only that team's people. */
  getCalendarEvents(range: DateRange & { teamId?: number }, options?: ReadOptions): Promise<{ data: CalendarEntry[] }>;
  /** The company's public holidays in the range: leave does not count them. */
  getPublicHolidays(range: DateRange, options?: ReadOptions): Promise<{ data: PublicHoliday[] }>;
  getCompanySettings(options?: ReadOptions): Promise<{ data: CompanySettings }>;
  saveCompanySettings(settings: CompanySettings): Promise<{ data: SavedCompanySettings }>;
  /** The iCal file: a plain link cannot carry the bearer token, so the file is fetched for the browser to save. */
  exportCalendar(): Promise<{ data: Blob }>;
  getGoogleCalendarLinks(): Promise<{ data: GoogleCalendarLinks }>;
  getCalendarFeed(options?: ReadOptions): Promise<{ data: CalendarFeed }>;
  regenerateCalendarFeed(): Promise<{ data: CalendarFeed }>;

  // Blackout periods: everyone lists them, admins set them.
  getBlackouts(options?: ReadOptions): Promise<{ data: BlackoutRecord[] }>;
  createBlackout(input: BlackoutInput): Promise<{ data: BlackoutRecord & { message?: string } }>;
  deleteBlackout(id: number): Promise<{ data: { message?: string } }>;

  // The e-mails of the requests the user decides: one each, or a daily digest.
  getDecisionEmailPreference(options?: ReadOptions): Promise<{ data: { decision_emails: DecisionEmailPreference } }>;
  saveDecisionEmailPreference(
    preference: DecisionEmailPreference,
  ): Promise<{ data: { decision_emails: DecisionEmailPreference; message?: string } }>;

  // Billing (spec section 7), admins only.
  getSeatPreview(): Promise<{ data: SeatPreview }>;
  getBillingInfo(options?: ReadOptions): Promise<{ data: BillingInfo }>;
  getBillingHistory(options?: ReadOptions): Promise<{ data: BillingCycleRecord[] }>;
  getPaymentMethods(): Promise<{ data: PaymentMethodsReply }>;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ data: CheckoutSessionReply }>;
  /**
   * Confirms a session the hosted checkout returned with. Its 401 ends no session before the screen
   * has told the admin to sign in again and finish the payment (spec section 8).
   */
  confirmCheckout(sessionId: string): Promise<{ data: PaymentSuccessReply }>;
  /**
   * Always the hosted card page: Stripe.js is not part of the console, so a card is added by a redirect
   * in both payment modes rather than with Stripe Elements.
   */
  createHostedCardSetup(): Promise<{ data: SetupIntentReply }>;
  makeDefaultPaymentMethod(paymentMethodId: string): Promise<{ data: BillingActionReply }>;
  removePaymentMethod(paymentMethodId: string): Promise<{ data: BillingActionReply }>;
  cancelSubscription(timing: CancellationTiming): Promise<{ data: BillingActionReply }>;
  reactivateSubscription(): Promise<{ data: BillingActionReply }>;

  // Data rights (GDPR): copies of one's own or the company's data, and erasing former employees.
  getDataExports(options?: ReadOptions): Promise<{ data: DataExportRecord[] }>;
  requestDataExport(scope: DataExportScope): Promise<{ data: DataExportReply }>;
  /** A poll while the file is prepared: it keeps no unattended session alive. */
  pollDataExport(id: number, options?: ReadOptions): Promise<{ data: DataExportRecord }>;
  /** The file through the link the API gave; a plain link cannot carry the bearer token. */
  downloadDataExport(record: DataExportRecord): Promise<{ data: Blob }>;
  getFormerEmployees(options?: ReadOptions): Promise<{ data: FormerEmployeeRecord[] }>;
  eraseFormerEmployee(id: number): Promise<{ data: EmployeeErasedReply }>;

  // Reports (issue 31): admins the company's, approvers their teams'. The activity is react-admin's 'activity' list.
  getReport<Report extends ReportName>(
    report: Report,
    query: Record<string, string>,
    options?: ReadOptions,
  ): Promise<{ data: Array<ReportRows[Report]> }>;
  /** The report (or the activity, with its list filters) as a file; a plain link cannot carry the bearer token. */
  exportReport(
    report: ReportName | 'activity',
    query: Record<string, string>,
    format: ExportFormat,
  ): Promise<{ data: Blob }>;
  /** The company's teams, for an admin's team filter (GET /api/teams). */
  getTeams(options?: ReadOptions): Promise<{ data: TeamRecord[] }>;
}

async function read<Reply>(path: string, options: HttpOptions = {}): Promise<{ data: Reply }> {
  const { json } = await httpClient(path, options);
  return { data: json as Reply };
}

function write<Reply>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  options: HttpOptions = {},
): Promise<{ data: Reply }> {
  return read<Reply>(path, {
    ...options,
    method,
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
}

const segment = (id: Identifier | string) => encodeURIComponent(id);
const rangeQuery = ({ start, end }: DateRange) => new URLSearchParams({ start, end }).toString();
const reportPath = (report: ReportName | 'activity') => (report === 'activity' ? '/activity' : `/reports/${report}`);

/** The API speaks react-admin's simple REST dialect on its list routes (sort, range, filter, Content-Range). */
const restProvider = simpleRestProvider('', (url: string, { method, body, headers, signal } = {}) =>
  httpClient(withPlainFilterParams(url), {
    method: method as HttpOptions['method'],
    body: typeof body === 'string' ? body : undefined,
    headers,
    signal,
  }),
);

/**
 * A leave request has no edit route: the only change react-admin may make to one is the admin's decision,
 * so that `useUpdate` sends it to the approve route and the cache takes the record the server answers.
 */
async function updateLeave(params: UpdateParams): Promise<UpdateResult> {
  const status: unknown = params.data.status;
  if (status !== 'approved' && status !== 'rejected') {
    throw new ApiRequestError(400, { message: leaveTexts.updateFailed });
  }
  return dataProvider.approveLeave(params.id, status === 'approved', params.data.override === true);
}

/** Resources whose routes answer a plain GET with the whole (short) list: the console sorts and pages it. */
const WHOLE_LIST_RESOURCES = new Set(['teams']);

async function wholeList<RecordType extends RaRecord>(resource: string): Promise<RecordType[]> {
  const { data } = await read<RecordType[]>(`/${segment(resource)}`);
  return data;
}

export const dataProvider: TeamfolkDataProvider = {
  ...restProvider,
  getList: async <RecordType extends RaRecord>(resource: string, params: GetListParams) =>
    WHOLE_LIST_RESOURCES.has(resource)
      ? wholeListPage(await wholeList<RecordType>(resource), params)
      : restProvider.getList<RecordType>(resource, params),
  getMany: async <RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType>) => {
    if (!WHOLE_LIST_RESOURCES.has(resource)) return restProvider.getMany<RecordType>(resource, params);
    const wanted = new Set(params.ids.map(String));
    return { data: (await wholeList<RecordType>(resource)).filter((record) => wanted.has(String(record.id))) };
  },
  update: (resource, params) => (resource === 'leaves' ? updateLeave(params) : restProvider.update(resource, params)),

  login: (credentials) => write('POST', '/auth/login', credentials),
  completeTwoFactorLogin: (payload) => write('POST', '/auth/login/two-factor', payload),
  signup: (payload) => write('POST', '/auth/signup', payload),
  verifyEmail: (token) => read(`/auth/verify-email/${segment(token)}`),
  resendVerification: (email) => write('POST', '/auth/resend-verification', { email }),
  getInvitation: (token) => read(`/auth/invitation/${segment(token)}`),
  getDecisionLink: (token) => read(`/decisions/${segment(token)}`),
  decideFromLink: (token, approved) => write('POST', `/decisions/${segment(token)}`, { approved }),
  acceptInvitation: (payload) => write('POST', '/auth/invitation/accept', payload),
  getSessionUser: (options) => read('/auth/me', options),
  logout: () => write('POST', '/auth/logout', undefined, { reportUnauthorized: false, keepalive: true }),
  syncSubscription: () => write('POST', '/billing/sync-subscription', undefined, { reportUnauthorized: false }),

  changePassword: (payload) => write('PUT', '/auth/password', payload),
  getTwoFactorStatus: (options) => read('/auth/two-factor', options),
  startTwoFactor: () => write('POST', '/auth/two-factor/start'),
  confirmTwoFactor: (code) => write('POST', '/auth/two-factor/confirm', { code }),
  disableTwoFactor: (payload) => write('DELETE', '/auth/two-factor', payload),

  updateBalances: (id, balances, startedFrom) =>
    write('PUT', `/employees/${segment(id)}/balances`, balances, { headers: { 'If-Match': startedFrom } }),
  resendInvitation: (id) => write('POST', `/employees/${segment(id)}/resend-invitation`),

  getLeavePolicy: (options) => read('/leave-policy', options),
  saveLeavePolicy: (update) => write('PUT', '/leave-policy', update),
  getBalanceLedger: (employeeId, year, options) =>
    read(
      `/employees/${segment(employeeId)}/balance-ledger${year === null ? '' : `?${new URLSearchParams({ year: String(year) })}`}`,
      options,
    ),
  getBalancesOn: (employeeId, on, options) =>
    read(`/employees/${segment(employeeId)}/balances?${new URLSearchParams({ on })}`, options),

  approveLeave: (id, approved, override = false) =>
    write('PUT', `/leaves/${segment(id)}/approve`, override ? { approved, override } : { approved }),
  previewLeave: (input, options) => write('POST', '/leaves/preview', input, options),
  cancelLeave: (id) => write('POST', `/leaves/${segment(id)}/cancel`),

  logExtraHours: (input) => write('POST', '/time-credits', input),
  decideTimeCredit: (id, approved) => write('PUT', `/time-credits/${segment(id)}/approve`, { approved }),

  getDashboardSummary: () => read('/dashboard/summary'),
  // The user's own day decides 'Today!', not the server's.
  getUpcomingEvents: () => read(`/dashboard/upcoming-events?${new URLSearchParams({ today: todayAsIsoDate() })}`),

  getCalendarEvents: ({ teamId, ...range }, options) =>
    read(`/calendar/events?${rangeQuery(range)}${teamId === undefined ? '' : `&team_id=${teamId}`}`, options),
  getPublicHolidays: (range, options) => read(`/calendar/holidays?${rangeQuery(range)}`, options),
  getCompanySettings: (options) => read('/calendar/settings', options),
  saveCompanySettings: (settings) => write('PUT', '/calendar/settings', settings),
  exportCalendar: async () => ({ data: await httpDownload('/calendar/export/ical', 'text/calendar') }),
  getGoogleCalendarLinks: () => read('/calendar/export/google'),
  getCalendarFeed: (options) => read('/calendar/feed-url', options),
  regenerateCalendarFeed: () => write('POST', '/calendar/feed-url/regenerate'),

  getBlackouts: (options) => read('/blackouts', options),
  createBlackout: (input) => write('POST', '/blackouts', input),
  deleteBlackout: (id) => write('DELETE', `/blackouts/${id}`),

  getDecisionEmailPreference: (options) => read('/auth/email-preference', options),
  saveDecisionEmailPreference: (preference) => write('PUT', '/auth/email-preference', { decision_emails: preference }),

  getSeatPreview: () => read('/billing/seats'),
  getBillingInfo: (options) => read('/billing/info', options),
  getBillingHistory: async (options) => {
    const { data } = await read<BillingHistoryReply>('/billing/history', options);
    return { data: data.billingCycles };
  },
  getPaymentMethods: () => read('/billing/payment-methods'),
  createCheckoutSession: (input) => write('POST', '/billing/create-checkout-session', input),
  confirmCheckout: (sessionId) =>
    write('POST', '/billing/payment-success', { sessionId }, { reportUnauthorized: false }),
  createHostedCardSetup: () => write('POST', '/billing/create-setup-intent', { hosted: true }),
  makeDefaultPaymentMethod: (paymentMethodId) => write('POST', '/billing/update-payment-method', { paymentMethodId }),
  removePaymentMethod: (paymentMethodId) => write('DELETE', `/billing/payment-methods/${segment(paymentMethodId)}`),
  cancelSubscription: (timing) =>
    write(
      'POST',
      timing === 'immediately' ? '/billing/cancel-subscription-immediately' : '/billing/cancel-subscription',
    ),
  reactivateSubscription: () => write('POST', '/billing/reactivate-subscription'),

  getDataExports: (options) => read('/privacy/exports', options),
  requestDataExport: (scope) => write('POST', '/privacy/exports', { scope }),
  pollDataExport: (id, options) => read(`/privacy/exports/${id}`, { ...options, background: true }),
  downloadDataExport: async ({ downloadPath }) => {
    if (!downloadPath) throw new Error('The export is not ready');
    return { data: await httpDownload(downloadPath, 'application/zip') };
  },
  getFormerEmployees: (options) => read('/privacy/former-employees', options),
  eraseFormerEmployee: (id) => write('POST', `/privacy/former-employees/${id}/erase`),

  getReport: async <Report extends ReportName>(
    report: Report,
    query: Record<string, string>,
    options?: ReadOptions,
  ) => {
    const { data } = await read<{ rows: Array<ReportRows[Report]> }>(
      `${reportPath(report)}?${new URLSearchParams(query)}`,
      options,
    );
    return { data: data.rows };
  },
  exportReport: async (report, query, format) => ({
    data: await httpDownload(
      `${reportPath(report)}?${new URLSearchParams({ ...query, format })}`,
      EXPORT_TYPES[format],
    ),
  }),
  getTeams: (options) => read('/teams', options),
};
