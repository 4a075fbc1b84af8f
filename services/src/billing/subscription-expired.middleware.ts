import type { RequestHandler } from 'express';
import {
  billingTexts,
  hasSubscriptionEnded,
  type SubscriptionExpiredError,
  type SubscriptionTimes,
} from '@teamfolk/shared';
import { sessionOf } from '../auth/auth.middleware';
import { HttpError } from '../http/errors';

/** Throws 402 with subscriptionExpired when the company's subscription has ended (canceled and past its period). */
export function assertSubscriptionLive(subscription: SubscriptionTimes | null | undefined): void {
  if (subscription && hasSubscriptionEnded(subscription, new Date())) {
    const reply: Omit<SubscriptionExpiredError, 'message'> = { subscriptionExpired: true };
    throw new HttpError(402, billingTexts.subscriptionExpired, { ...reply });
  }
}

/**
 * Closes the product to a company whose subscription has ended: 402 with subscriptionExpired.
 * Mounted after requireAuth on every /api route but /auth/* and /billing/*, so the admin can still
 * sign in and subscribe again. requireAuth has read the subscription. The calendar feed, which has
 * no session, checks the same in CalendarService.
 */
export const requireLiveSubscription: RequestHandler = async (req, _res, next) => {
  sessionOf(req);
  assertSubscriptionLive(req.companySubscription);
  next();
};
