import { QueryTypes, type Transaction } from 'sequelize';
import type { BillingCycleStatus, BillingSubscriptionSummary } from '../contracts';
import { recordAudit } from '../db/audit-log';
import { BillingCycle, Company, Subscription, User, type SubscriptionStatus } from '../db/models';
import { writeOutbox } from '../db/outbox';
import type { MailContent } from '../queues/catalogue';
import { billingMonthOf } from '../rules/billing';
import type { ProviderInvoice, ProviderSubscription } from './payments';
import { billingUrls } from './urls';

/**
 * How the provider's word becomes ours, in the caller's transaction: the same code whether the
 * state arrives by a webhook, a checkout return, an admin's action or the workers' sync.
 */

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The company's subscription row, created empty if absent, locked for the rest of the transaction. */
export async function lockSubscription(transaction: Transaction, companyId: number): Promise<Subscription> {
  const sequelize = Subscription.sequelize!;
  await sequelize.query(
    `INSERT INTO subscriptions (company_id, status) VALUES (:companyId, 'incomplete') ON CONFLICT (company_id) DO NOTHING`,
    { replacements: { companyId }, transaction },
  );
  return Subscription.findOne({
    where: { companyId },
    transaction,
    lock: transaction.LOCK.UPDATE,
    rejectOnEmpty: true,
  });
}

/** The reply's view of a subscription: null until a checkout has made it real. */
export function subscriptionSummaryOf(subscription: Subscription | null): BillingSubscriptionSummary | null {
  if (!subscription || (subscription.status === 'incomplete' && !subscription.providerSubscriptionId)) return null;
  return {
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd ? subscription.currentPeriodEnd.toISOString() : null,
    endedAt:
      subscription.status === 'canceled'
        ? ((subscription.endedAt ?? subscription.currentPeriodEnd)?.toISOString() ?? null)
        : null,
  };
}

export interface ApplyOptions {
  companyId: number;
  state: ProviderSubscription;
  /** When the state was current at the provider (an event's creation time, or the moment it was fetched). */
  observedAt: Date;
  appUrl: string;
  actorUserId?: number | null;
  requestId?: string;
}

export type ApplyResult =
  | { applied: true; subscription: Subscription; previousStatus: SubscriptionStatus }
  | { applied: false; reason: 'stale' | 'canceled-is-final' | 'other-subscription'; subscription: Subscription };

/**
 * Takes in the provider's state of the company's subscription, unless it would move it backwards: a
 * state older than the one applied last is ignored, a canceled subscription never comes back, and
 * another subscription replaces the current one only once the current one is over.
 */
export async function applyProviderSubscription(transaction: Transaction, options: ApplyOptions): Promise<ApplyResult> {
  const { companyId, state, observedAt } = options;
  const row = await lockSubscription(transaction, companyId);
  const sameSubscription = row.providerSubscriptionId === state.id;
  if (!sameSubscription && row.providerSubscriptionId) {
    const currentIsOver = row.status === 'canceled' || row.status === 'incomplete';
    if (!currentIsOver || state.status === 'canceled') {
      return { applied: false, reason: 'other-subscription', subscription: row };
    }
  }
  if (sameSubscription && row.providerStateAt && observedAt.getTime() < row.providerStateAt.getTime()) {
    return { applied: false, reason: 'stale', subscription: row };
  }
  if (sameSubscription && row.status === 'canceled' && state.status !== 'canceled') {
    return { applied: false, reason: 'canceled-is-final', subscription: row };
  }

  const previousStatus = row.status;
  const wasRunning = sameSubscription && (previousStatus === 'active' || previousStatus === 'cancel_at_period_end');
  const before = snapshot(row);
  const endedAt = state.status === 'canceled' ? (state.endedAt ?? row.endedAt ?? observedAt) : null;
  await row.update(
    {
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      endedAt,
      providerCustomerId: state.customerId || row.providerCustomerId,
      providerSubscriptionId: state.id,
      defaultPaymentMethodId:
        state.defaultPaymentMethodId === undefined ? row.defaultPaymentMethodId : state.defaultPaymentMethodId,
      seatQuantity: state.quantity,
      providerStateAt: observedAt,
    },
    { transaction },
  );
  if (previousStatus !== row.status) {
    await recordAudit(
      transaction,
      { companyId, userId: options.actorUserId ?? null },
      { action: `subscription.${row.status}`, entity: 'subscription', entityId: row.id, before, after: snapshot(row) },
    );
  }

  if (
    wasRunning &&
    row.status === 'cancel_at_period_end' &&
    previousStatus !== 'cancel_at_period_end' &&
    row.currentPeriodEnd
  ) {
    await mailAdmins(
      transaction,
      companyId,
      options,
      `subscription-cancel-${state.id}-${row.currentPeriodEnd.getTime()}`,
      {
        template: 'subscription-canceled',
        ended: false,
        endsAt: isoDay(row.currentPeriodEnd),
      },
    );
  }
  if (wasRunning && row.status === 'canceled' && endedAt) {
    await mailAdmins(transaction, companyId, options, `subscription-ended-${state.id}`, {
      template: 'subscription-canceled',
      ended: true,
      endsAt: isoDay(endedAt),
    });
  }
  return { applied: true, subscription: row, previousStatus };
}

export interface RecordInvoiceOptions {
  companyId: number;
  invoice: ProviderInvoice;
  appUrl: string;
  /** The cycle's month; by default the month the invoice was issued in. */
  billingDate?: string;
  /** Our count, for a cycle row the invoice does not give a quantity for. */
  seatCount?: number;
  /** The provider reported the payment as failed (invoice.payment_failed). */
  failed?: boolean;
  requestId?: string;
}

function cycleStatusOf(invoice: ProviderInvoice, failed: boolean): BillingCycleStatus {
  if (invoice.status === 'paid') return 'paid';
  if (failed || (invoice.attempted && (invoice.status === 'open' || invoice.status === 'uncollectible')))
    return 'failed';
  return 'pending';
}

/**
 * Records an invoice's outcome on the month's billing cycle (one row per company and month). Paid is
 * final: a late failure event cannot undo it. Turning failed e-mails the admins, once per invoice.
 */
export async function recordInvoice(
  transaction: Transaction,
  options: RecordInvoiceOptions,
): Promise<{ cycle: BillingCycle; changed: boolean }> {
  const { companyId, invoice } = options;
  const billingDate = options.billingDate ?? billingMonthOf(invoice.created);
  const status = cycleStatusOf(invoice, options.failed ?? false);
  await BillingCycle.sequelize!.query(
    `INSERT INTO billing_cycles (company_id, billing_date, seat_count, amount_due, status)
     VALUES (:companyId, :billingDate, :seatCount, :amountDue, 'pending')
     ON CONFLICT (company_id, billing_date) DO NOTHING`,
    {
      replacements: {
        companyId,
        billingDate,
        seatCount: invoice.quantity ?? options.seatCount ?? 0,
        amountDue: invoice.amountDue,
      },
      type: QueryTypes.INSERT,
      transaction,
    },
  );
  const cycle = await BillingCycle.findOne({
    where: { companyId, billingDate },
    transaction,
    lock: transaction.LOCK.UPDATE,
    rejectOnEmpty: true,
  });
  if (cycle.status === 'paid' && status !== 'paid') return { cycle, changed: false };
  const previous = cycle.status;
  const unchanged =
    previous === status && cycle.providerInvoiceId === invoice.id && cycle.amountDue === invoice.amountDue;
  await cycle.update(
    {
      status,
      paidAt: status === 'paid' ? (invoice.paidAt ?? cycle.paidAt ?? new Date()) : null,
      providerInvoiceId: invoice.id,
      amountDue: invoice.amountDue,
      seatCount: invoice.quantity ?? cycle.seatCount,
    },
    { transaction },
  );
  if (status === 'failed' && previous !== 'failed') {
    await mailAdmins(transaction, companyId, options, `payment-failed-${invoice.id}`, {
      template: 'payment-failed',
      amountDue: invoice.amountDue,
      billingDate,
    });
  }
  return { cycle, changed: !unchanged };
}

type AdminMail = DistributiveOmit<MailContent, 'name' | 'companyName' | 'link'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One e-mail per active admin of the company, each sent at most once (the key is stored by the mail job). */
export async function mailAdmins(
  transaction: Transaction,
  companyId: number,
  { appUrl, requestId }: { appUrl: string; requestId?: string },
  idempotencyKey: string,
  mail: AdminMail,
): Promise<number> {
  const [company, admins] = await Promise.all([
    Company.findByPk(companyId, { transaction }),
    User.findAll({ where: { companyId, role: 'admin', disabledAt: null }, order: [['id', 'ASC']], transaction }),
  ]);
  if (!company) return 0;
  for (const admin of admins) {
    await writeOutbox(transaction, {
      companyId,
      job: 'send-email',
      requestId,
      payload: {
        idempotencyKey: `${idempotencyKey}-user-${admin.id}`,
        to: admin.email,
        mail: {
          ...mail,
          name: admin.name,
          companyName: company.name,
          link: billingUrls(appUrl).billingPage,
        } as MailContent,
      },
    });
  }
  return admins.length;
}

function snapshot(row: Subscription) {
  return {
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    providerSubscriptionId: row.providerSubscriptionId,
    seatQuantity: row.seatQuantity,
  };
}
