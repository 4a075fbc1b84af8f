import {
  applyProviderSubscription,
  Company,
  createLogger,
  Employee,
  LocalPaymentsProvider,
  OutboxEvent,
  Subscription,
  User,
  type PaymentsProvider,
} from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import { startStripeStub, type StripeStub } from '../../../services/src/testing/stripe-stub';
import type { BillingJobDependencies } from '../billing/billing-jobs';

export const appUrl = 'http://teamfolk.test';

/**
 * What the billing jobs' tests run on: a database of their own, the local payments provider on a
 * clock the tests set (null: the real one, again after each test), and with `stripe`, a Stripe stub.
 */
export function billingJobsWorld({ stripe = false } = {}) {
  let db: TestDatabase;
  let stub: StripeStub | undefined;
  let local: LocalPaymentsProvider;
  let clock: Date | null = null;
  const logger = createLogger('silent', 'test');
  const now = () => clock ?? new Date();
  let sequence = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    if (stripe) stub = await startStripeStub();
    local = new LocalPaymentsProvider(db.sequelize, { mode: 'local', appUrl }, { now });
  });
  afterAll(async () => {
    await stub?.close();
    await db.drop();
  });
  afterEach(() => {
    clock = null;
  });

  const addEmployee = (company: Company) =>
    Employee.create({ companyId: company.id, name: 'Seat', email: `seat-${++sequence}-${Date.now()}@example.com` });

  return {
    get db() {
      return db;
    },
    get local() {
      return local;
    },
    get stub() {
      if (!stub) throw new Error('billingJobsWorld({ stripe: true }) starts the Stripe stub');
      return stub;
    },
    setClock(instant: Date) {
      clock = instant;
    },

    deps: (payments: PaymentsProvider = local): BillingJobDependencies => ({
      sequelize: db.sequelize,
      payments,
      appUrl,
      logger,
      now,
    }),

    async newCompany(seats: number) {
      const company = await Company.create({ name: `Billing Co ${++sequence}` });
      const admin = await User.create({
        companyId: company.id,
        email: `billing-admin-${sequence}-${Date.now()}@example.com`,
        passwordHash: 'x',
        role: 'admin',
        name: 'Bea Billing',
        emailVerifiedAt: new Date(),
      });
      for (let index = 0; index < seats; index++) await addEmployee(company);
      return { company, admin };
    },

    addEmployee,

    /** A company that went through the local checkout, with the activation taken in. */
    async subscribeLocally(company: Company, admin: User, seats: number, card = '4242424242424242') {
      const customerId = await local.createCustomer({ companyId: company.id, email: admin.email, name: company.name });
      const session = await local.createCheckoutSession({
        companyId: company.id,
        customerId,
        mode: 'subscription',
        quantity: seats,
        successUrl: `${appUrl}/done?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${appUrl}/canceled`,
      });
      await local.completeCheckout(session.id, card);
      const { subscriptionId } = (await local.retrieveCheckoutSession(session.id))!;
      const state = (await local.retrieveSubscription(subscriptionId!))!;
      await db.sequelize.transaction((transaction) =>
        applyProviderSubscription(transaction, { companyId: company.id, state, observedAt: now(), appUrl }),
      );
      return Subscription.findOne({ where: { companyId: company.id }, rejectOnEmpty: true });
    },

    mailsOf: async (companyId: number, template: string) =>
      (await OutboxEvent.findAll({ where: { companyId, jobName: 'send-email' } })).filter(
        (event) => (event.payload as { mail: { template: string } }).mail.template === template,
      ),
  };
}
