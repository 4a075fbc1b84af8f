import type { Sequelize, Transaction } from 'sequelize';
import {
  applyProviderSubscription,
  billingTexts,
  recordInvoice,
  runAsCompany,
  WebhookSignatureError,
  type CompanyKey,
  type PaymentsProvider,
  type ProviderEvent,
} from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import { BillingRepository } from './billing.repository';
import type { BillingService, PreparedCheckout } from './billing.service';

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
  private readonly repository: BillingRepository;

  constructor(
    sequelize: Sequelize,
    private readonly payments: PaymentsProvider,
    private readonly billing: BillingService,
    private readonly appUrl: string,
  ) {
    this.repository = new BillingRepository(sequelize);
  }

  async handle(rawBody: Buffer, signature: string | undefined, requestId: string): Promise<WebhookReply> {
    let event: ProviderEvent;
    try {
      event = this.payments.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new HttpError(400, billingTexts.webhookSignatureInvalid);
      throw error;
    }
    return this.receive(event, requestId);
  }

  /** An event whose origin is established: a verified webhook, or one the local test mode raised. */
  async receive(event: ProviderEvent, requestId: string): Promise<WebhookReply> {
    if (await this.repository.eventSeen(event.id)) return { received: true, duplicate: true, outcome: 'duplicate' };

    // The event's company, found by the provider's ids, is the only one its handling may touch.
    const companyId = await this.companyOfEvent(event);
    return runAsCompany(companyId, () => this.record(event, companyId, requestId));
  }

  private async record(event: ProviderEvent, companyId: number | null, requestId: string): Promise<WebhookReply> {
    const fetched = await this.prefetch(event);
    return this.repository.transaction(async (transaction) => {
      if (!(await this.repository.claimEvent(event, transaction))) {
        return { received: true as const, duplicate: true as const, outcome: 'duplicate' };
      }
      const outcome = await this.apply(transaction, event, companyId, fetched, requestId);
      await this.repository.recordEventOutcome(event.id, companyId, outcome, transaction);
      return { received: true as const, outcome };
    });
  }

  /** A completed checkout is verified with the provider before the transaction that applies it. */
  private async prefetch(event: ProviderEvent): Promise<PreparedCheckout | null> {
    if (event.data.kind !== 'checkout-session' || !CHECKOUT_COMPLETED.has(event.type)) return null;
    try {
      return await this.billing.prepareCheckout(event.data.session.id);
    } catch (error) {
      if (error instanceof HttpError && error.status === 402) return null;
      throw error;
    }
  }

  private async apply(
    transaction: Transaction,
    event: ProviderEvent,
    companyId: number | null,
    fetched: PreparedCheckout | null,
    requestId: string,
  ): Promise<string> {
    const { data } = event;
    switch (data.kind) {
      case 'checkout-session': {
        if (!fetched || !companyId) return 'ignored';
        return this.billing.applyCheckout(transaction, fetched, { requestId, actorUserId: null });
      }
      case 'subscription': {
        if (!companyId) return 'unknown-company';
        const result = await applyProviderSubscription(transaction, {
          companyId,
          state: data.subscription,
          observedAt: event.created,
          appUrl: this.appUrl,
          requestId,
        });
        return result.applied ? 'applied' : result.reason;
      }
      case 'invoice': {
        if (!INVOICE_OUTCOMES.has(event.type)) return 'ignored';
        if (!companyId) return 'unknown-company';
        const recorded = await recordInvoice(transaction, {
          companyId,
          invoice: data.invoice,
          failed: event.type === 'invoice.payment_failed',
          appUrl: this.appUrl,
          requestId,
        });
        return recorded.changed ? 'applied' : 'unchanged';
      }
      case 'payment-method': {
        if (event.type !== 'payment_method.detached') return 'ignored';
        if (!companyId) return 'unchanged';
        const forgotten = await this.repository.forgetDefaultPaymentMethod(
          companyId,
          data.paymentMethodId,
          transaction,
        );
        return forgotten ? 'applied' : 'unchanged';
      }
      case 'customer': {
        if (!companyId) return 'unknown-company';
        const row = await this.repository.subscription(companyId, transaction);
        if (!row || !data.defaultPaymentMethodId || data.defaultPaymentMethodId === row.defaultPaymentMethodId) {
          return 'unchanged';
        }
        await this.repository.updateSubscription(
          row,
          { defaultPaymentMethodId: data.defaultPaymentMethodId },
          transaction,
        );
        return 'applied';
      }
      default:
        return 'ignored';
    }
  }

  /**
   * Whose event this is: by subscription id, then customer, then the checkout's metadata; null for
   * an event of no known company (recorded as such, or ignored when it needs none).
   */
  private async companyOfEvent(event: ProviderEvent): Promise<number | null> {
    const { data } = event;
    const lookups: Array<[CompanyKey, string | number | null]> = (() => {
      switch (data.kind) {
        case 'checkout-session':
          return [['company', data.session.companyId]];
        case 'subscription':
          return [
            ['provider-subscription', data.subscription.id],
            ['provider-customer', data.subscription.customerId],
            ['company', data.subscription.companyId],
          ];
        case 'invoice':
          return [
            ['provider-subscription', data.invoice.subscriptionId],
            ['provider-customer', data.invoice.customerId],
          ];
        case 'payment-method':
          return [['payment-method', data.paymentMethodId]];
        case 'customer':
          return [['provider-customer', data.customerId]];
        default:
          return [];
      }
    })();
    for (const [key, value] of lookups) {
      const companyId = value === null ? null : await this.repository.companyOf(key, value);
      if (companyId) return companyId;
    }
    return null;
  }
}
