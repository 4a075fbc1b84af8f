import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A user's secret feed token, `<userId>.<mac>`: derived, not stored, so it can be shown again at
 * any time, and raising the user's feed version retires every earlier URL at once.
 */
export function feedToken(key: string, userId: number, version: number): string {
  return `${userId}.${mac(key, userId, version)}`;
}

export function feedUserId(token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? Number(match[1]) : null;
}

export function feedTokenMatches(key: string, token: string, userId: number, version: number): boolean {
  const expected = Buffer.from(feedToken(key, userId, version));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function mac(key: string, userId: number, version: number): string {
  return createHmac('sha256', key).update(`calendar-feed:${userId}:${version}`).digest('base64url');
}
