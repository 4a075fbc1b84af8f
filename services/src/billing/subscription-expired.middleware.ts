import type { RequestHandler } from 'express';
import { billingTexts, hasSubscriptionEnded, type SubscriptionExpiredError } from '@teamfolk/shared';
import { sessionOf } from '../auth/auth.middleware';
import { HttpError } from '../http/errors';

/**
 * Closes the product to a company whose subscription has ended (canceled and past its period): 402
 * with subscriptionExpired. Mounted after requireAuth on every /api route but /auth/* and /billing/*,
 * so the admin can still sign in and subscribe again. requireAuth has read the subscription.
 */
export const requireLiveSubscription: RequestHandler = async (req, _res, next) => {
  sessionOf(req);
  const subscription = req.companySubscription;
  if (subscription && hasSubscriptionEnded(subscription, new Date())) {
    const reply: Omit<SubscriptionExpiredError, 'message'> = { subscriptionExpired: true };
    throw new HttpError(402, billingTexts.subscriptionExpired, { ...reply });
  }
  next();
};
