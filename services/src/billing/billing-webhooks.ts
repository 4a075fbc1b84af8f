import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  applyProviderSubscription,
  billingTexts,
  Company,
  recordInvoice,
  StripeEvent,
  Subscription,
  WebhookSignatureError,
  type PaymentsProvider,
  type ProviderEvent,
} from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import type { BillingService, FetchedCheckout } from './billing.service';

export interface WebhookReply {
  received: true;
  duplicate?: true;
  outcome: string;
}

const CHECKOUT_COMPLETED = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const INVOICE_OUTCOMES = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);

/**
 * Provider webhooks: the signature is verified on the raw body, each event id is applied once (its
 * stripe_events row is claimed in the transaction that applies it, so a failure lets the provider
 * retry), and an event older than the state already applied changes nothing.
 */
export class BillingWebhooks {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly payments: PaymentsProvider,
    private readonly billing: BillingService,
    private readonly appUrl: string,
  ) {}

  async handle(rawBody: Buffer, signature: string | undefined, requestId: string): Promise<WebhookReply> {
    let event: ProviderEvent;
    try {
      event = this.payments.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new HttpError(400, billingTexts.webhookSignatureInvalid);
      throw error;
    }
    if (await StripeEvent.findByPk(event.id)) return { received: true, duplicate: true, outcome: 'duplicate' };

    const fetched = await this.prefetch(event);
    return this.sequelize.transaction(async (transaction) => {
      const claimed = await this.sequelize.query(
        `INSERT INTO stripe_events (id, type, provider_created_at) VALUES (:id, :type, :created)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        {
          replacements: { id: event.id, type: event.type, created: event.created },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (claimed.length === 0) return { received: true as const, duplicate: true as const, outcome: 'duplicate' };
      const { companyId, outcome } = await this.apply(transaction, event, fetched, requestId);
      await StripeEvent.update({ companyId, outcome }, { where: { id: event.id }, transaction });
      return { received: true as const, outcome };
    });
  }

  /** A completed checkout is verified with the provider before the transaction that applies it. */
  private async prefetch(event: ProviderEvent): Promise<FetchedCheckout | null> {
    if (event.data.kind !== 'checkout-session' || !CHECKOUT_COMPLETED.has(event.type)) return null;
    try {
      return await this.billing.fetchCheckout(event.data.session.id);
    } catch (error) {
      if (error instanceof HttpError && error.status === 402) return null;
      throw error;
    }
  }

  private async apply(
    transaction: Transaction,
    event: ProviderEvent,
    fetched: FetchedCheckout | null,
    requestId: string,
  ): Promise<{ companyId: number | null; outcome: string }> {
    const { data } = event;
    switch (data.kind) {
      case 'checkout-session': {
        const companyId = await this.existingCompany(data.session.companyId);
        if (!fetched) return { companyId, outcome: 'ignored' };
        const outcome = await this.billing.applyCheckout(transaction, fetched, { requestId, actorUserId: null });
        return { companyId, outcome };
      }
      case 'subscription': {
        const companyId = await this.companyOf(
          data.subscription.id,
          data.subscription.customerId,
          data.subscription.companyId,
        );
        if (!companyId) return { companyId, outcome: 'unknown-company' };
        const result = await applyProviderSubscription(transaction, {
          companyId,
          state: data.subscription,
          observedAt: event.created,
          appUrl: this.appUrl,
          requestId,
        });
        return { companyId, outcome: result.applied ? 'applied' : result.reason };
      }
      case 'invoice': {
        if (!INVOICE_OUTCOMES.has(event.type)) return { companyId: null, outcome: 'ignored' };
        const { invoice } = data;
        const companyId = await this.companyOf(invoice.subscriptionId, invoice.customerId, null);
        if (!companyId) return { companyId, outcome: 'unknown-company' };
        const recorded = await recordInvoice(transaction, {
          companyId,
          invoice,
          failed: event.type === 'invoice.payment_failed',
          appUrl: this.appUrl,
          requestId,
        });
        return { companyId, outcome: recorded.changed ? 'applied' : 'unchanged' };
      }
      case 'payment-method': {
        if (event.type !== 'payment_method.detached') return { companyId: null, outcome: 'ignored' };
        const [count, rows] = await Subscription.update(
          { defaultPaymentMethodId: null },
          { where: { defaultPaymentMethodId: data.paymentMethodId }, transaction, returning: true },
        );
        return { companyId: rows[0]?.companyId ?? null, outcome: count > 0 ? 'applied' : 'unchanged' };
      }
      case 'customer': {
        const row = await Subscription.findOne({ where: { providerCustomerId: data.customerId }, transaction });
        if (!row) return { companyId: null, outcome: 'unknown-company' };
        if (!data.defaultPaymentMethodId || data.defaultPaymentMethodId === row.defaultPaymentMethodId) {
          return { companyId: row.companyId, outcome: 'unchanged' };
        }
        await row.update({ defaultPaymentMethodId: data.defaultPaymentMethodId }, { transaction });
        return { companyId: row.companyId, outcome: 'applied' };
      }
      default:
        return { companyId: null, outcome: 'ignored' };
    }
  }

  /** Whose subscription or invoice this is: by subscription id, then customer, then the checkout's metadata. */
  private async companyOf(
    subscriptionId: string | null,
    customerId: string | null,
    metadataCompanyId: number | null,
  ): Promise<number | null> {
    if (subscriptionId) {
      const row = await Subscription.findOne({ where: { providerSubscriptionId: subscriptionId } });
      if (row) return row.companyId;
    }
    if (customerId) {
      const row = await Subscription.findOne({ where: { providerCustomerId: customerId } });
      if (row) return row.companyId;
    }
    return this.existingCompany(metadataCompanyId);
  }

  private async existingCompany(companyId: number | null): Promise<number | null> {
    if (!companyId) return null;
    return (await Company.findByPk(companyId, { attributes: ['id'] })) ? companyId : null;
  }
}
