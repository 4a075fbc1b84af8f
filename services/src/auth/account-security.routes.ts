import { Router, type RequestHandler, type Response } from 'express';
import {
  changePasswordSchema,
  runAsCompany,
  SESSION_TOKEN_HEADER,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorLoginSchema,
  twoFactorTexts,
  type PasswordChangedReply,
  type SignInReply,
  type TwoFactorEnabledReply,
} from '@teamfolk/shared';
import { recordSecurityEvent } from '../audit/security-events';
import { requirePermission, sessionOf, type SessionGuard } from './auth.middleware';
import type { AuthService, SignInOutcome } from './auth.service';
import type { DeviceTokens } from './device-tokens';
import type { PasswordChangeService } from './password-change.service';
import type { TwoFactorService } from './two-factor.service';

export interface AccountSecurityDependencies {
  /** The session guard of every route here but the second sign-in step. */
  session: SessionGuard;
  auth: AuthService;
  twoFactor: TwoFactorService;
  passwords: PasswordChangeService;
  /** Issues the device token of a completed sign-in (the second step completes one). */
  devices: DeviceTokens;
  /**
   * Mounted in front of the routes that check a secret of the account (the second sign-in step,
   * turning it off, changing the password), so that wrong guesses count like failed sign-ins (the
   * per-user limit of the second step is the service's own). Not on the enrolment's first code:
   * guessing it gains nothing. Defaults to letting everything through.
   */
  limitSecretAttempts?: RequestHandler | RequestHandler[];
}

const letThrough: RequestHandler = (_req, _res, next) => next();

/**
 * requireAuth may have renewed the caller's token on the way in; after a change that ended every
 * session, that renewal is void too: the reply's own token is the one to keep.
 */
function endedSessionRenewal(res: Response): void {
  res.removeHeader(SESSION_TOKEN_HEADER);
}

/**
 * Two-step sign-in (admins) and password change (everyone), under /api/auth:
 * POST /login/two-factor, GET|DELETE /two-factor, POST /two-factor/start, POST /two-factor/confirm,
 * PUT /password.
 */
export function accountSecurityRoutes({
  session,
  auth,
  twoFactor,
  passwords,
  devices,
  limitSecretAttempts = letThrough,
}: AccountSecurityDependencies): Router {
  const router = Router();
  const limited = ([] as RequestHandler[]).concat(limitSecretAttempts);

  router.post('/login/two-factor', ...limited, async (req, res) => {
    const { challenge, code } = twoFactorLoginSchema.parse(req.body);
    const claims = twoFactor.readChallenge(challenge);
    // Not signed in yet: the challenge names the company whose rows this step may touch.
    const report = (outcome: SignInOutcome) => recordSecurityEvent(req, outcome);
    const session = await runAsCompany(claims.companyId, async () =>
      auth.completeLogin(await twoFactor.completeSignIn(claims, code, report)),
    );
    const reply: SignInReply = { ...session, deviceToken: devices.issue(session.user.email) };
    res.json(reply);
  });

  router.get('/two-factor', ...session, requirePermission('twoFactor', 'show'), async (req, res) => {
    res.json(await twoFactor.status(sessionOf(req)));
  });

  router.post('/two-factor/start', ...session, requirePermission('twoFactor', 'enable'), async (req, res) => {
    res.json(await twoFactor.start(sessionOf(req)));
  });

  router.post('/two-factor/confirm', ...session, requirePermission('twoFactor', 'enable'), async (req, res) => {
    const { code } = twoFactorConfirmSchema.parse(req.body);
    const { user, recoveryCodes, status } = await twoFactor.confirm(sessionOf(req), code);
    const newSession = await auth.startSession(user);
    endedSessionRenewal(res);
    const reply: TwoFactorEnabledReply = { message: twoFactorTexts.enabled, status, recoveryCodes, ...newSession };
    res.json(reply);
  });

  router.delete('/two-factor', ...session, requirePermission('twoFactor', 'disable'), ...limited, async (req, res) => {
    const { password, code } = twoFactorDisableSchema.parse(req.body);
    res.json(await twoFactor.disable(sessionOf(req), password, code));
  });

  router.put('/password', ...session, requirePermission('account', 'changePassword'), ...limited, async (req, res) => {
    const { currentPassword, newPassword } = changePasswordSchema.parse(req.body);
    const user = await passwords.change(sessionOf(req), currentPassword, newPassword);
    endedSessionRenewal(res);
    const reply: PasswordChangedReply = { message: twoFactorTexts.passwordChanged, ...(await auth.startSession(user)) };
    res.json(reply);
  });

  return router;
}
