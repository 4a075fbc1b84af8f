import express, { Router, type Request } from 'express';
import {
  billingTexts,
  createCheckoutSessionSchema,
  createSetupIntentSchema,
  paymentSuccessSchema,
  updatePaymentMethodSchema,
} from '@teamfolk/shared';
import { requirePermission, requireVerifiedEmail, sessionOf, type SessionGuard } from '../auth/auth.middleware';
import type { EmployeesService } from '../employees/employees.service';
import type { TakenAddressLimits } from '../employees/taken-address-limits';
import { HttpError } from '../http/errors';
import type { BillingWebhooks } from './billing-webhooks';
import type { BillingService } from './billing.service';

/** The provider's ids in a path: anything else cannot name a card of this company. */
function paymentMethodIdOf(req: Request): string {
  const parsed = updatePaymentMethodSchema.shape.paymentMethodId.safeParse(req.params.id);
  if (!parsed.success) throw new HttpError(404, billingTexts.paymentMethodNotFound);
  return parsed.data;
}

/**
 * Each route behind `session` (which leaves out the expired-subscription gate: this is where it is
 * lifted) and its permission.
 */
export function billingRoutes(
  session: SessionGuard,
  employees: EmployeesService,
  billing: BillingService,
  takenAddresses: TakenAddressLimits,
): Router {
  const router = Router();

  router.get('/seats', ...session, requirePermission('billing', 'list'), async (req, res) => {
    res.json(await employees.seats(sessionOf(req)));
  });

  router.get('/info', ...session, requirePermission('billing', 'list'), async (req, res) => {
    res.json(await billing.info(sessionOf(req)));
  });

  router.get('/history', ...session, requirePermission('billing', 'list'), async (req, res) => {
    res.json(await billing.history(sessionOf(req)));
  });

  router.get('/payment-methods', ...session, requirePermission('billing', 'list'), async (req, res) => {
    res.json(await billing.paymentMethods(sessionOf(req)));
  });

  router.post(
    '/create-checkout-session',
    ...session,
    requirePermission('billing', 'subscribe'),
    requireVerifiedEmail,
    async (req, res) => {
      const input = createCheckoutSessionSchema.parse(req.body ?? {});
      const checkout = () => billing.createCheckoutSession(sessionOf(req), input);
      res.json(await takenAddresses.limit(req, input.pendingEmployeeData?.email, checkout));
    },
  );

  router.post('/payment-success', ...session, requirePermission('billing', 'subscribe'), async (req, res) => {
    const { sessionId } = paymentSuccessSchema.parse(req.body ?? {});
    res.json(await billing.paymentSuccess(sessionOf(req), sessionId, req.id));
  });

  router.post(
    '/create-setup-intent',
    ...session,
    requirePermission('billing', 'managePaymentMethods'),
    requireVerifiedEmail,
    async (req, res) => {
      const input = createSetupIntentSchema.parse(req.body ?? {});
      res.json(await billing.createSetupIntent(sessionOf(req), input));
    },
  );

  router.post(
    '/update-payment-method',
    ...session,
    requirePermission('billing', 'managePaymentMethods'),
    async (req, res) => {
      const { paymentMethodId } = updatePaymentMethodSchema.parse(req.body ?? {});
      res.json(await billing.updatePaymentMethod(sessionOf(req), paymentMethodId));
    },
  );

  router.delete(
    '/payment-methods/:id',
    ...session,
    requirePermission('billing', 'managePaymentMethods'),
    async (req, res) => {
      res.json(await billing.removePaymentMethod(sessionOf(req), paymentMethodIdOf(req)));
    },
  );

  router.post('/cancel-subscription', ...session, requirePermission('billing', 'cancel'), async (req, res) => {
    res.json(await billing.cancelAtPeriodEnd(sessionOf(req), req.id));
  });

  router.post(
    '/cancel-subscription-immediately',
    ...session,
    requirePermission('billing', 'cancel'),
    async (req, res) => {
      res.json(await billing.cancelNow(sessionOf(req), req.id));
    },
  );

  router.post('/reactivate-subscription', ...session, requirePermission('billing', 'reactivate'), async (req, res) => {
    res.json(await billing.reactivate(sessionOf(req), req.id));
  });

  router.post('/sync-subscription', ...session, requirePermission('billing', 'sync'), async (req, res) => {
    res.status(202).json(await billing.requestSync(sessionOf(req), req.id));
  });

  return router;
}

/**
 * POST /api/billing/webhook, mounted at that path (BILLING_WEBHOOK_PATH) before the API's JSON
 * parser: the signature covers the raw body's exact bytes. No session: the provider's signature is
 * the authentication.
 */
export const BILLING_WEBHOOK_PATH = '/billing/webhook';

export function billingWebhookRoute(webhooks: BillingWebhooks): Router {
  const router = Router();
  router.post('/', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    res.json(await webhooks.handle(body, typeof signature === 'string' ? signature : undefined, req.id));
  });
  return router;
}
