import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/config';

/** Who may open the queue dashboard and /metrics (OPS_USERNAME, OPS_PASSWORD). */
export interface OperatorCredentials {
  username: string;
  password: string;
}

/** The challenge of a 401 from an operator route: browsers then ask for the operator's sign-in. */
export const OPERATOR_CHALLENGE = 'Basic realm="Teamfolk operations", charset="UTF-8"';

/** The configured operator, or null when the operator routes stay closed (not even mounted). */
export function operatorCredentialsOf(
  config: Pick<Config, 'OPS_USERNAME' | 'OPS_PASSWORD'>,
): OperatorCredentials | null {
  if (!config.OPS_USERNAME || !config.OPS_PASSWORD) return null;
  return { username: config.OPS_USERNAME, password: config.OPS_PASSWORD };
}

/** Digests of equal length, so that the comparison takes the same time whatever was typed. */
const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
const sameSecret = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));

const BASIC_AUTHORIZATION = /^basic +([A-Za-z0-9+/]+=*) *$/i;

/**
 * Whether an Authorization header carries the operator's HTTP Basic credentials. Name and password
 * are both compared in constant time, and both always, so the timing tells neither apart.
 */
export function isOperator(authorization: string | undefined, credentials: OperatorCredentials): boolean {
  const encoded = BASIC_AUTHORIZATION.exec(authorization ?? '')?.[1];
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const username = colon < 0 ? '' : decoded.slice(0, colon);
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  const usernameMatches = sameSecret(username, credentials.username);
  const passwordMatches = sameSecret(password, credentials.password);
  return colon >= 0 && usernameMatches && passwordMatches;
}

/** The reply to a request without the operator's credentials. */
export const OPERATOR_SIGN_IN_REQUIRED = 'Operator sign-in required';
