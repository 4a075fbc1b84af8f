import {
  createLogger,
  LocalPaymentsProvider,
  OutboxEvent,
  type Company,
  type PaymentsProvider,
  type User,
} from '@teamfolk/shared';
import { createTestDatabase, type TestDatabase } from '@teamfolk/shared/testing';
import { startStripeStub, type StripeStub } from '@teamfolk/services/testing';
import type { BillingJobDependencies } from '../billing/billing-jobs';
import { addSeat, appUrl, companyWithSeats, subscribeLocally } from './subscribed-company';

export { appUrl } from './subscribed-company';

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

    newCompany: (seats: number) => companyWithSeats(seats),

    addEmployee: addSeat,

    /** A company that went through the local checkout, with the activation taken in. */
    subscribeLocally: (company: Company, admin: User, seats: number, card?: string) =>
      subscribeLocally({ local, sequelize: db.sequelize, now }, { company, admin }, seats, card),

    mailsOf: async (companyId: number, template: string) =>
      (await OutboxEvent.findAll({ where: { companyId, jobName: 'send-email' } })).filter(
        (event) => (event.payload as { mail: { template: string } }).mail.template === template,
      ),
  };
}
