import type {
  ChangePasswordPayload,
  PasswordChangedReply,
  TwoFactorDisablePayload,
  TwoFactorEnabledReply,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@teamfolk/shared/contracts';
import { apiRequest } from '../api/http';

/**
 * The account security calls. Wrong passwords and codes come back as 400 (never 401), so that a
 * typo does not end the session.
 */

export function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest<TwoFactorStatus>('/auth/two-factor', { signal });
}

export function startTwoFactor(): Promise<TwoFactorEnrolment> {
  return apiRequest<TwoFactorEnrolment>('/auth/two-factor/start', { method: 'POST' });
}

/** Turns it on; the reply carries a new session (the others have ended) and the recovery codes. */
export function confirmTwoFactor(code: string): Promise<TwoFactorEnabledReply> {
  return apiRequest<TwoFactorEnabledReply>('/auth/two-factor/confirm', { method: 'POST', body: { code } });
}

export function disableTwoFactor(payload: TwoFactorDisablePayload): Promise<TwoFactorStatus> {
  return apiRequest<TwoFactorStatus>('/auth/two-factor', { method: 'DELETE', body: payload });
}

/** The reply carries a new session: every other one, this tab's included, has ended. */
export function changePassword(payload: ChangePasswordPayload): Promise<PasswordChangedReply> {
  return apiRequest<PasswordChangedReply>('/auth/password', { method: 'PUT', body: payload });
}
