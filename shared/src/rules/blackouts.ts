import { blackoutRefusalText, type BlackoutRecord, type RequestType } from '../contracts';

/**
 * Blackout periods (issue 30): company-wide (team_id null) or one team's, each blocking some request
 * types (vacation and the hours bank by default; never sick days: the contract refuses them, and a
 * sick request is never matched here either).
 *
 * A request touches a period when the period applies to the owner (company-wide, or the owner's team),
 * blocks the request's type, and holds one of the request's days: the working days it counts for its
 * owner (a Friday-and-Monday request does not touch a weekend-only period: it takes no day of it).
 * The refusal (400) names every period touched and its reason; an admin recording leave for someone
 * may override it (the caller's, audited).
 */

export type BlackoutPeriod = Pick<BlackoutRecord, 'start_date' | 'end_date' | 'team_id' | 'reason' | 'request_types'> &
  Partial<Pick<BlackoutRecord, 'id'>>;

export interface BlackoutRequest {
  requestType: RequestType;
  /** The owner's team now; null: in no team (only company-wide periods apply). */
  teamId: number | null;
  /** The request's working days for its owner (countLeave's perDay dates). */
  days: readonly string[];
}

/** The periods a request touches, in date order. */
export function blackoutsTouched<Period extends BlackoutPeriod>(
  request: BlackoutRequest,
  periods: readonly Period[],
): Period[] {
  if (request.requestType === 'sick_day') return [];
  return periods
    .filter(
      (period) =>
        (period.team_id === null || period.team_id === request.teamId) &&
        (period.request_types as readonly RequestType[]).includes(request.requestType) &&
        request.days.some((day) => period.start_date <= day && day <= period.end_date),
    )
    .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
}

/** The refusal of a request that touches blackout periods, naming each and its reason; null when it touches none. */
export function blackoutRefusal(request: BlackoutRequest, periods: readonly BlackoutPeriod[]): string | null {
  const touched = blackoutsTouched(request, periods);
  return touched.length === 0 ? null : blackoutRefusalText(request.requestType, touched);
}
