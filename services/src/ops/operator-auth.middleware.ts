import type { RequestHandler } from 'express';
import { isOperator, OPERATOR_CHALLENGE, OPERATOR_SIGN_IN_REQUIRED, type OperatorCredentials } from '@teamfolk/shared';
import { recordSecurityEvent } from '../audit/security-events';

/**
 * Lets only the operator through (HTTP Basic, OPS_USERNAME / OPS_PASSWORD). A console session is
 * no key here: an admin runs one company, the operator sees every company's queued jobs.
 */
export function requireOperator(credentials: OperatorCredentials): RequestHandler {
  return async (req, res, next) => {
    if (isOperator(req.headers.authorization, credentials)) {
      next();
      return;
    }
    await recordSecurityEvent(req, { kind: 'access.unauthenticated', status: 401 });
    res.setHeader('WWW-Authenticate', OPERATOR_CHALLENGE);
    res.status(401).json({ message: OPERATOR_SIGN_IN_REQUIRED });
  };
}
