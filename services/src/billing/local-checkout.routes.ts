import express, { Router, type Request, type Response } from 'express';
import {
  billingTexts,
  billingUrls,
  localCheckoutCompleteSchema,
  PaymentsRequestError,
  type LocalCheckoutCompleteReply,
  type LocalPaymentsProvider,
} from '@teamfolk/shared';
import { zodErrorReply } from '../http/errors';
import { renderCheckoutMessage, renderCheckoutPage } from './local-checkout.page';

/** JSON for scripts (a JSON body or Accept: application/json), a page for the browser's form post. */
const wantsJson = (req: Request) => Boolean(req.is('application/json')) || req.accepts(['html', 'json']) === 'json';

const STATUS: Record<PaymentsRequestError['code'], number> = {
  'not-found': 404,
  'card-declined': 402,
  'invalid-card': 400,
  'invalid-request': 409,
};

/**
 * The local payments mode's hosted checkout at /dev/checkout/:sessionId (never mounted in production):
 * the page's form, or a script, posts {cardNumber, expiry} to /dev/checkout/:sessionId/complete, and the
 * browser goes back to the success URL with the session id, as from Stripe Checkout.
 */
export function localCheckoutRoutes(payments: LocalPaymentsProvider, appUrl: string): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    next();
  });

  const billingPage = billingUrls(appUrl).billingPage;

  router.get('/:sessionId', async (req, res) => {
    const view = await payments.checkoutView(req.params.sessionId);
    if (!view) {
      res
        .status(404)
        .type('html')
        .send(
          renderCheckoutMessage('Checkout not found', billingTexts.sessionNotFound, {
            label: 'Back to billing',
            url: billingPage,
          }),
        );
      return;
    }
    if (view.status !== 'open') {
      const done = view.status === 'complete';
      res
        .status(done ? 200 : 410)
        .type('html')
        .send(
          renderCheckoutMessage(
            done ? 'Checkout complete' : 'Checkout expired',
            done ? 'This checkout is already complete.' : billingTexts.checkoutExpired,
            { label: 'Back to billing', url: billingPage },
          ),
        );
      return;
    }
    res.type('html').send(renderCheckoutPage(view));
  });

  router.post(
    '/:sessionId/complete',
    express.urlencoded({ extended: false, limit: '10kb' }),
    express.json({ limit: '10kb' }),
    async (req, res) => {
      const json = wantsJson(req);
      const sessionId = req.params.sessionId as string;
      const parsed = localCheckoutCompleteSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        const { message, field } = zodErrorReply(parsed.error);
        await answerError(res, json, payments, sessionId, 400, message, field);
        return;
      }
      try {
        const { cardNumber, expiry } = parsed.data;
        const { redirectUrl } = await payments.completeCheckout(sessionId, cardNumber, expiry);
        if (json) {
          const reply: LocalCheckoutCompleteReply = { redirectUrl };
          res.json(reply);
        } else {
          res.redirect(303, redirectUrl);
        }
      } catch (error) {
        if (!(error instanceof PaymentsRequestError)) throw error;
        await answerError(res, json, payments, sessionId, STATUS[error.code], error.message, error.field);
      }
    },
  );
  return router;
}

async function answerError(
  res: Response,
  json: boolean,
  payments: LocalPaymentsProvider,
  sessionId: string,
  status: number,
  message: string,
  field?: string,
): Promise<void> {
  if (json) {
    res.status(status).json(field ? { message, field } : { message });
    return;
  }
  const view = await payments.checkoutView(sessionId);
  res
    .status(status)
    .type('html')
    .send(
      view && view.status === 'open' ? renderCheckoutPage(view, message) : renderCheckoutMessage('Checkout', message),
    );
}
