import { Router } from 'express';
import {
  acceptInvitationSchema,
  authTexts,
  decisionEmailPreferenceSchema,
  emailTokenSchema,
  isTwoFactorChallenge,
  loginSchema,
  resendVerificationSchema,
  SESSION_TOKEN_HEADER,
  signupSchema,
  type SignInReply,
} from '@teamfolk/shared';
import { recordSecurityEvent } from '../audit/security-events';
import type { BalancesService } from '../balances/balances.service';
import { HttpError } from '../http/errors';
import { requirePermission, sessionOf, type SessionGuard } from './auth.middleware';
import type { AuthService } from './auth.service';
import type { DeviceTokens } from './device-tokens';
import type { AuthRateLimiters } from './rate-limits';

function tokenParam(value: string | undefined, invalidMessage: string): string {
  const parsed = emailTokenSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, invalidMessage);
  return parsed.data;
}

/** The session guards of the signed-in routes under /api/auth. */
export interface AuthSessions {
  session: SessionGuard;
  /** The same check reading the session user as well: GET /me answers it from that one query. */
  sessionWithProfile: SessionGuard;
}

/** Sign-up, sign-in and the e-mailed links are public; the signed-in routes are behind a session and a permission. */
export function authRoutes(
  { session, sessionWithProfile }: AuthSessions,
  auth: AuthService,
  limits: AuthRateLimiters,
  devices: DeviceTokens,
  balances: BalancesService,
): Router {
  const router = Router();

  router.post('/signup', ...limits.signup, async (req, res) => {
    const input = signupSchema.parse(req.body);
    const reply = await auth.signup(input, req.id);
    res.status(201).json(reply);
  });

  router.post('/login', ...limits.login, async (req, res) => {
    const { email, password } = loginSchema.parse(req.body);
    const reply = await auth.login(email, password, (outcome) => recordSecurityEvent(req, { ...outcome, email }));
    if (isTwoFactorChallenge(reply)) {
      res.json(reply);
      return;
    }
    // The device keeps its id (and so its own count of failures) from one sign-in to the next.
    const signedIn: SignInReply = { ...reply, deviceToken: devices.issue(email, devices.deviceOf(req)) };
    res.json(signedIn);
  });

  /** Ends every session of the signed-in user, on every device (ASVS 7.4.1). */
  router.post('/logout', ...session, requirePermission('account', 'show'), async (req, res) => {
    const { userId, companyId } = sessionOf(req);
    await auth.endSessions(userId);
    await recordSecurityEvent(req, { kind: 'sign-out', status: 200, userId, companyId });
    // A renewal requireAuth may have added would name the token version just retired.
    res.removeHeader(SESSION_TOKEN_HEADER);
    res.json({ message: authTexts.signedOut });
  });

  router.post('/resend-verification', ...limits['resend-verification'], async (req, res) => {
    const { email } = resendVerificationSchema.parse(req.body);
    res.json(await auth.resendVerification(email, req.id));
  });

  router.get('/verify-email/:token', async (req, res) => {
    const token = tokenParam(req.params.token, authTexts.verificationLinkUnknown);
    res.json(await auth.verifyEmail(token));
  });

  router.get('/me', ...sessionWithProfile, requirePermission('account', 'show'), async (req, res) => {
    const { userId, companyId } = sessionOf(req);
    // The stored figures of a new leave year, month or expiry are worked out before they are shown,
    // as the lists do; the session read says whether its figures have passed their day.
    const refreshed = req.sessionFiguresStale ? await balances.refreshCompany(companyId) : false;
    res.json(refreshed ? await auth.me(userId) : req.sessionUser);
  });

  router.get('/email-preference', ...session, requirePermission('account', 'show'), async (req, res) => {
    res.json(await auth.decisionEmails(sessionOf(req)));
  });

  router.put('/email-preference', ...session, requirePermission('account', 'editPreferences'), async (req, res) => {
    const { decision_emails: value } = decisionEmailPreferenceSchema.parse(req.body);
    res.json(await auth.setDecisionEmails(sessionOf(req), value));
  });

  router.get('/invitation/:token', async (req, res) => {
    const token = tokenParam(req.params.token, authTexts.invalidInvitation);
    res.json(await auth.invitationPreview(token));
  });

  router.post('/invitation/accept', ...limits['invitation-accept'], async (req, res) => {
    const { token, password } = acceptInvitationSchema.parse(req.body);
    res.json(await auth.acceptInvitation(token, password));
  });

  return router;
}
