import simpleRestProvider from 'ra-data-simple-rest';
import {
  fetchUtils,
  HttpError,
  type DataProvider,
  type Identifier,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import {
  leaveTexts,
  type DashboardSummary,
  type EmployeeBalancesInput,
  type EmployeeSavedReply,
  type LeaveSavedReply,
  type PublicHoliday,
  type SeatPreview,
  type UpcomingEvent,
} from '@teamfolk/shared/contracts';
import { adoptRenewedToken, API_BASE_PATH, reportSubscriptionExpired } from '../api/http';
import { readToken } from '../auth/tokenStorage';
import { todayAsIsoDate } from '../format/dates';

function httpClient(url: string, options: fetchUtils.Options = {}) {
  const token = readToken();
  return fetchUtils
    .fetchJson(url, token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options)
    .then((reply) => {
      if (token) adoptRenewedToken(token, reply.headers);
      return reply;
    })
    .catch((error: unknown) => {
      reportSubscriptionExpired(url, (error as { body?: unknown }).body);
      throw error;
    });
}

/** The actions beyond CRUD (STYLE habit 5); react-admin's useDataProvider() wraps them like the CRUD methods. */
export interface TeamfolkDataProvider extends DataProvider {
  /** `startedFrom`: balancesVersionOf the record the edit opened with; a 409 if they changed since. */
  updateBalances(
    id: Identifier,
    balances: EmployeeBalancesInput,
    startedFrom: string,
  ): Promise<{ data: EmployeeSavedReply }>;
  resendInvitation(id: Identifier): Promise<{ message: string }>;
  getSeatPreview(): Promise<SeatPreview>;
  /** PUT /leaves/:id/approve: approves (true) or rejects (false) a pending request. */
  approveLeave(id: Identifier, approved: boolean): Promise<{ data: LeaveSavedReply }>;
  /** POST /leaves/:id/cancel: withdraws a request. */
  cancelLeave(id: Identifier): Promise<{ data: LeaveSavedReply }>;
  getDashboardSummary(): Promise<{ data: DashboardSummary }>;
  getUpcomingEvents(): Promise<{ data: UpcomingEvent[] }>;
  /** The company's public holidays between two dates, both included: leave does not count them. */
  getPublicHolidays(start: string, end: string): Promise<{ data: PublicHoliday[] }>;
}

const employeeUrl = (id: Identifier) => `${API_BASE_PATH}/employees/${encodeURIComponent(id)}`;
const leaveUrl = (id: Identifier) => `${API_BASE_PATH}/leaves/${encodeURIComponent(id)}`;

const restProvider = simpleRestProvider(API_BASE_PATH, httpClient);

/**
 * A leave request has no edit route: the only change react-admin may make to one is the admin's decision,
 * so that `useUpdate` sends it to the approve route and the cache takes the record the server answers.
 */
async function updateLeave(params: UpdateParams): Promise<UpdateResult> {
  const status: unknown = params.data.status;
  if (status !== 'approved' && status !== 'rejected') {
    throw new HttpError(leaveTexts.updateFailed, 400, { message: leaveTexts.updateFailed });
  }
  const { data } = await dataProvider.approveLeave(params.id, status === 'approved');
  return { data };
}

/** The API speaks react-admin's simple REST dialect on its list routes (sort, range, filter, Content-Range). */
export const dataProvider: TeamfolkDataProvider = {
  ...restProvider,

  update: (resource, params) => (resource === 'leaves' ? updateLeave(params) : restProvider.update(resource, params)),

  async updateBalances(id, balances, startedFrom) {
    const { json } = await httpClient(`${employeeUrl(id)}/balances`, {
      method: 'PUT',
      body: JSON.stringify(balances),
      headers: new Headers({ 'If-Match': startedFrom }),
    });
    return { data: json as EmployeeSavedReply };
  },

  async resendInvitation(id) {
    const { json } = await httpClient(`${employeeUrl(id)}/resend-invitation`, { method: 'POST' });
    return json as { message: string };
  },

  async getSeatPreview() {
    const { json } = await httpClient(`${API_BASE_PATH}/billing/seats`);
    return json as SeatPreview;
  },

  async approveLeave(id, approved) {
    const { json } = await httpClient(`${leaveUrl(id)}/approve`, { method: 'PUT', body: JSON.stringify({ approved }) });
    return { data: json as LeaveSavedReply };
  },

  async cancelLeave(id) {
    const { json } = await httpClient(`${leaveUrl(id)}/cancel`, { method: 'POST' });
    return { data: json as LeaveSavedReply };
  },

  async getDashboardSummary() {
    const { json } = await httpClient(`${API_BASE_PATH}/dashboard/summary`);
    return { data: json as DashboardSummary };
  },

  async getUpcomingEvents() {
    // The user's own day decides 'Today!', not the server's.
    const { json } = await httpClient(
      `${API_BASE_PATH}/dashboard/upcoming-events?${new URLSearchParams({ today: todayAsIsoDate() })}`,
    );
    return { data: json as UpcomingEvent[] };
  },

  async getPublicHolidays(start, end) {
    const { json } = await httpClient(`${API_BASE_PATH}/calendar/holidays?${new URLSearchParams({ start, end })}`);
    return { data: json as PublicHoliday[] };
  },
};

/** A failed dataProvider call as the API answered it: the status and the JSON body ({message, field?, ...}). */
export interface ApiFailure {
  status: number;
  body: Record<string, unknown>;
}

export function apiFailureOf(error: unknown): ApiFailure | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body: unknown = error.body;
  return { status: error.status, body: typeof body === 'object' && body !== null ? { ...body } : {} };
}

/** The server's own message when it sent one (spec section 8), otherwise the screen's default text. */
export function serverMessageOf(error: unknown, fallback: string): string {
  const message = apiFailureOf(error)?.body.message;
  return typeof message === 'string' && message ? message : fallback;
}
