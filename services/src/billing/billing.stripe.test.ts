import type supertest from 'supertest';
import { BillingCycle, billingTexts, Employee, employeeTexts, StripeEvent, Subscription } from '@teamfolk/shared';
import { createCompanyWithAdmin, createEmployees, type CompanyWithAdmin } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';
import { startStripeStub, type StripeStub } from '../testing/stripe-stub';

/**
 * The billing API with the Stripe implementation: the real SDK talks to a local stub that answers
 * with Stripe-shaped objects, and webhooks are signed with the SDK's own test-header helper.
 */

let t: TestApp;
let stub: StripeStub;
let api: supertest.Agent;

beforeAll(async () => {
  t = await startTestApp();
  stub = await startStripeStub();
  api = t.requestWith({
    STRIPE_SECRET_KEY: stub.secretKey,
    STRIPE_WEBHOOK_SECRET: stub.webhookSecret,
    STRIPE_API_URL: stub.url,
  });
});
afterAll(async () => {
  await stub.close();
  await t.close();
});

interface Admin extends CompanyWithAdmin {
  auth: string;
}

async function newAdmin(): Promise<Admin> {
  const created = await createCompanyWithAdmin();
  return { ...created, auth: await bearerFor(t, created.admin.email, created.password) };
}

const post = (path: string, auth: string, body: object = {}) => api.post(path).set('Authorization', auth).send(body);
const get = (path: string, auth: string) => api.get(path).set('Authorization', auth);

let sequence = 0;
const person = () => ({ name: `Stripe Person ${++sequence}`, email: `stripe-${sequence}-${Date.now()}@example.com` });

/** Checkout, the customer paying on Stripe's page, and the return. */
async function subscribe(admin: Admin, pendingEmployeeData?: object) {
  const checkout = await post('/api/billing/create-checkout-session', admin.auth, { pendingEmployeeData }).expect(200);
  stub.completeCheckout(checkout.body.sessionId);
  const success = await post('/api/billing/payment-success', admin.auth, { sessionId: checkout.body.sessionId }).expect(
    200,
  );
  const subscription = await Subscription.findOne({ where: { companyId: admin.company.id }, rejectOnEmpty: true });
  return { sessionId: checkout.body.sessionId as string, reply: success.body, subscription };
}

function deliver(delivery: { body: string; signature: string }) {
  return api
    .post('/api/billing/webhook')
    .set('Stripe-Signature', delivery.signature)
    .set('Content-Type', 'application/json')
    .send(delivery.body);
}

describe('checkout through Stripe', () => {
  let admin: Admin;
  let sessionId: string;
  const pending = person();

  beforeAll(async () => {
    admin = await newAdmin();
  });

  it('should create the customer and a subscription-mode Checkout Session with one seat per employee', async () => {
    const reply = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: pending,
    }).expect(200);
    expect(reply.body).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/),
    });
    sessionId = reply.body.sessionId;

    const [customer] = stub.requestsTo('POST', '/v1/customers');
    expect(customer!.body).toEqual({
      email: admin.admin.email,
      name: admin.company.name,
      metadata: { company_id: String(admin.company.id) },
    });
    const [session] = stub.requestsTo('POST', '/v1/checkout/sessions');
    expect(session!.body).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_test_/),
      client_reference_id: String(admin.company.id),
      metadata: { company_id: String(admin.company.id) },
      payment_method_collection: 'always',
      success_url: 'http://teamfolk.test/dashboard/billing?success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://teamfolk.test/dashboard/billing?canceled=true',
      subscription_data: { metadata: { company_id: String(admin.company.id) } },
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '200', recurring: { interval: 'month' } },
        },
      ],
    });
  });

  it('should refuse payment-success until Stripe reports the session paid', async () => {
    const reply = await post('/api/billing/payment-success', admin.auth, { sessionId }).expect(402);
    expect(reply.body.message).toBe(billingTexts.paymentNotCompleted);
  });

  it('should verify the session with Stripe, activate the subscription and create the employee once', async () => {
    stub.completeCheckout(sessionId);
    const first = await post('/api/billing/payment-success', admin.auth, { sessionId }).expect(200);
    expect(first.body).toMatchObject({
      success: true,
      employeeCreated: true,
      employee: { name: pending.name, email: pending.email },
      subscription: { status: 'active', currentPeriodEnd: expect.any(String), endedAt: null },
      message: employeeTexts.added,
    });
    const again = await post('/api/billing/payment-success', admin.auth, { sessionId }).expect(200);
    expect(again.body).toMatchObject({ employeeCreated: false, alreadyProcessed: true });
    expect(await Employee.count({ where: { companyId: admin.company.id } })).toBe(1);

    const subscription = await Subscription.findOne({ where: { companyId: admin.company.id } });
    expect(subscription).toMatchObject({
      status: 'active',
      providerCustomerId: expect.stringMatching(/^cus_test_/),
      providerSubscriptionId: expect.stringMatching(/^sub_test_/),
      defaultPaymentMethodId: expect.stringMatching(/^pm_test_/),
      seatQuantity: 1,
    });
    const retrieved = stub.requestsTo('GET', `/v1/checkout/sessions/${sessionId}`);
    expect(retrieved[0]!.query).toEqual({ expand: ['setup_intent'] });
    expect(stub.requestsTo('GET', `/v1/subscriptions/${subscription!.providerSubscriptionId}`)[0]!.query).toEqual({
      expand: ['customer'],
    });

    const history = await get('/api/billing/history', admin.auth).expect(200);
    expect(history.body.billingCycles).toEqual([
      expect.objectContaining({ seat_count: 1, amount_due: 200, status: 'paid', paid_at: expect.any(String) }),
    ]);
  });

  it('should expire an older open Checkout Session when a new one starts', async () => {
    const other = await newAdmin();
    await createEmployees(other.company, 1);
    const older = await post('/api/billing/create-checkout-session', other.auth).expect(200);
    await post('/api/billing/create-checkout-session', other.auth).expect(200);
    expect(stub.requestsTo('POST', `/v1/checkout/sessions/${older.body.sessionId}/expire`)).toHaveLength(1);
    expect(stub.objects.get(older.body.sessionId)?.status).toBe('expired');
    await post('/api/billing/create-checkout-session', other.auth).expect(200);
  });

  it('should serve no local checkout page when Stripe is configured', async () => {
    await api.get(`/dev/checkout/${sessionId}`).expect(404);
    await api.post(`/dev/checkout/${sessionId}/complete`).send({ cardNumber: '4242424242424242' }).expect(404);
  });

  it("should not confirm another company's session", async () => {
    const stranger = await newAdmin();
    await post('/api/billing/payment-success', stranger.auth, { sessionId }).expect(404);
  });
});

describe('cards and subscription changes through Stripe', () => {
  let admin: Admin;
  let subscription: Subscription;

  beforeAll(async () => {
    admin = await newAdmin();
    await createEmployees(admin.company, 2);
    ({ subscription } = await subscribe(admin));
  });

  it('should answer a SetupIntent client secret, or a hosted setup page when asked', async () => {
    const intent = await post('/api/billing/create-setup-intent', admin.auth).expect(200);
    expect(intent.body).toEqual({
      clientSecret: expect.stringMatching(/^seti_test_\w+_secret_/),
      url: null,
      sessionId: null,
    });
    expect(stub.requestsTo('POST', '/v1/setup_intents').at(-1)!.body).toMatchObject({
      customer: subscription.providerCustomerId,
      usage: 'off_session',
    });

    const hosted = await post('/api/billing/create-setup-intent', admin.auth, { hosted: true }).expect(200);
    expect(hosted.body).toEqual({
      clientSecret: null,
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
      sessionId: expect.stringMatching(/^cs_test_/),
    });
    expect(stub.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.body).toMatchObject({
      mode: 'setup',
      currency: 'usd',
      success_url: 'http://teamfolk.test/dashboard/billing?setup=success&session_id={CHECKOUT_SESSION_ID}',
    });
    stub.completeCheckout(hosted.body.sessionId);
    const added = await post('/api/billing/payment-success', admin.auth, { sessionId: hosted.body.sessionId }).expect(
      200,
    );
    expect(added.body).toMatchObject({ employeeCreated: false, paymentMethodId: expect.stringMatching(/^pm_test_/) });
  });

  it('should list the cards, make one the default at Stripe and detach another', async () => {
    const extra = stub.attachCard(subscription.providerCustomerId!, '1881');
    const methods = await get('/api/billing/payment-methods', admin.auth).expect(200);
    expect(methods.body.paymentMethods).toHaveLength(3);
    expect(methods.body.paymentMethods[2]).toEqual({
      id: extra.id,
      created: expect.any(Number),
      card: { last4: '1881', brand: 'visa', exp_month: 12, exp_year: 2030 },
    });
    expect(methods.body.currentPaymentMethod).toBe(subscription.defaultPaymentMethodId);

    await post('/api/billing/update-payment-method', admin.auth, { paymentMethodId: extra.id }).expect(200);
    expect(stub.requestsTo('POST', `/v1/customers/${subscription.providerCustomerId}`).at(-1)!.body).toEqual({
      invoice_settings: { default_payment_method: extra.id },
    });
    expect(stub.requestsTo('POST', `/v1/subscriptions/${subscription.providerSubscriptionId}`).at(-1)!.body).toEqual({
      default_payment_method: extra.id,
    });

    const old = subscription.defaultPaymentMethodId!;
    await api.delete(`/api/billing/payment-methods/${old}`).set('Authorization', admin.auth).expect(200);
    expect(stub.requestsTo('POST', `/v1/payment_methods/${old}/detach`)).toHaveLength(1);
    await api.delete(`/api/billing/payment-methods/${extra.id}`).set('Authorization', admin.auth).expect(409);
  });

  it('should cancel at period end, reactivate, and cancel immediately without refund', async () => {
    const path = `/v1/subscriptions/${subscription.providerSubscriptionId}`;
    const canceled = await post('/api/billing/cancel-subscription', admin.auth).expect(200);
    expect(canceled.body.subscription.status).toBe('cancel_at_period_end');
    expect(stub.requestsTo('POST', path).at(-1)!.body).toMatchObject({ cancel_at_period_end: 'true' });

    const reactivated = await post('/api/billing/reactivate-subscription', admin.auth).expect(200);
    expect(reactivated.body).toMatchObject({ success: true, subscription: { status: 'active' } });
    expect(stub.requestsTo('POST', path).at(-1)!.body).toMatchObject({ cancel_at_period_end: 'false' });

    const ended = await post('/api/billing/cancel-subscription-immediately', admin.auth).expect(200);
    expect(ended.body.subscription.status).toBe('canceled');
    expect(stub.requestsTo('DELETE', path).at(-1)!.query).toMatchObject({ prorate: 'false', invoice_now: 'false' });
    const closed = await get('/api/employees', admin.auth).expect(402);
    expect(closed.body).toEqual({ message: billingTexts.subscriptionExpired, subscriptionExpired: true });
  });
});

describe('POST /api/billing/webhook', () => {
  let admin: Admin;
  let subscription: Subscription;
  const stripeSubscription = () => stub.objects.get(subscription.providerSubscriptionId!)!;
  const statusNow = async () => (await Subscription.findByPk(subscription.id))!.status;

  beforeAll(async () => {
    admin = await newAdmin();
    ({ subscription } = await subscribe(admin, person()));
  });

  it('should refuse a delivery whose signature does not verify', async () => {
    const genuine = stub.event('customer.subscription.updated', {
      ...stripeSubscription(),
      cancel_at_period_end: true,
    });
    const forged = stub.event('customer.subscription.updated', stripeSubscription(), { secret: 'whsec_wrong' });
    for (const delivery of [
      forged,
      {
        body: genuine.body.replace('"cancel_at_period_end":true', '"cancel_at_period_end":false'),
        signature: genuine.signature,
      },
      { body: genuine.body, signature: 't=1,v1=deadbeef' },
    ]) {
      const reply = await deliver(delivery).expect(400);
      expect(reply.body).toEqual({ message: billingTexts.webhookSignatureInvalid });
    }
    const unsigned = await api.post('/api/billing/webhook').set('Content-Type', 'application/json').send(genuine.body);
    expect(unsigned.status).toBe(400);
    expect(await StripeEvent.count()).toBe(0);
    expect(await statusNow()).toBe('active');
  });

  it('should apply an event once, however often it is delivered', async () => {
    const event = stub.event(
      'customer.subscription.updated',
      { ...stripeSubscription(), cancel_at_period_end: true },
      { created: stub.now() + 10 },
    );
    expect((await deliver(event).expect(200)).body).toEqual({ received: true, outcome: 'applied' });
    expect(await statusNow()).toBe('cancel_at_period_end');
    expect((await deliver(event).expect(200)).body).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });
    const twice = await Promise.all([deliver(event), deliver(event)]);
    expect(twice.map((reply) => reply.body.duplicate)).toEqual([true, true]);
    expect(await StripeEvent.count({ where: { id: event.id } })).toBe(1);
  });

  it('should ignore an event older than the state already applied', async () => {
    const newer = stub.event(
      'customer.subscription.updated',
      { ...stripeSubscription(), cancel_at_period_end: false },
      { created: stub.now() + 30 },
    );
    const older = stub.event(
      'customer.subscription.updated',
      { ...stripeSubscription(), cancel_at_period_end: true },
      { created: stub.now() + 20 },
    );
    await deliver(newer).expect(200);
    expect(await statusNow()).toBe('active');
    expect((await deliver(older).expect(200)).body).toEqual({ received: true, outcome: 'stale' });
    expect(await statusNow()).toBe('active');
    expect((await StripeEvent.findByPk(older.id))?.outcome).toBe('stale');
  });

  it('should never bring a deleted subscription back', async () => {
    const deleted = stub.event(
      'customer.subscription.deleted',
      { ...stripeSubscription(), status: 'canceled', ended_at: stub.now() + 40 },
      { created: stub.now() + 40 },
    );
    await deliver(deleted).expect(200);
    expect(await statusNow()).toBe('canceled');
    const late = stub.event(
      'customer.subscription.updated',
      { ...stripeSubscription(), status: 'active' },
      { created: stub.now() + 50 },
    );
    expect((await deliver(late).expect(200)).body.outcome).toBe('canceled-is-final');
    expect(await statusNow()).toBe('canceled');
    await t.flushOutbox();
    await t.mail.waitFor(
      (mail) => mail.to.includes(admin.admin.email) && mail.subject === 'Your Teamfolk subscription has ended',
    );
  });

  it('should record a failed invoice, e-mail the admin, then take the payment; a late failure cannot undo it', async () => {
    const invoiceMonth = new Date(Date.UTC(2026, 5, 15)).getTime() / 1000;
    const invoice = stub.createInvoice(subscription.providerSubscriptionId!, {
      status: 'open',
      created: invoiceMonth,
      attempted: true,
    });
    const failed = stub.event('invoice.payment_failed', invoice, { created: invoiceMonth + 60 });
    expect((await deliver(failed).expect(200)).body.outcome).toBe('applied');
    const cycle = () => BillingCycle.findOne({ where: { companyId: admin.company.id, billingDate: '2026-06-01' } });
    expect(await cycle()).toMatchObject({ status: 'failed', amountDue: 200, seatCount: 1 });
    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) => message.to.includes(admin.admin.email) && message.subject === 'Your Teamfolk payment failed',
    );
    expect(mail.text).toContain('$2.00');
    expect(mail.text).toContain('June 2026');

    const paid = stub.event(
      'invoice.paid',
      { ...invoice, status: 'paid', status_transitions: { paid_at: invoiceMonth + 3600 } },
      { created: invoiceMonth + 3600 },
    );
    await deliver(paid).expect(200);
    expect(await cycle()).toMatchObject({ status: 'paid', paidAt: new Date((invoiceMonth + 3600) * 1000) });

    const lateFailure = stub.event('invoice.payment_failed', invoice, { created: invoiceMonth + 120 });
    expect((await deliver(lateFailure).expect(200)).body.outcome).toBe('unchanged');
    expect((await cycle())?.status).toBe('paid');
  });

  it('should complete a checkout reported by webhook before the browser returns, creating the employee once', async () => {
    const other = await newAdmin();
    const pending = person();
    const checkout = await post('/api/billing/create-checkout-session', other.auth, {
      pendingEmployeeData: pending,
    }).expect(200);
    const session = stub.completeCheckout(checkout.body.sessionId);
    const event = stub.event('checkout.session.completed', session);
    expect((await deliver(event).expect(200)).body.outcome).toBe('applied');
    expect(await Employee.count({ where: { companyId: other.company.id } })).toBe(1);
    expect((await deliver(event).expect(200)).body.duplicate).toBe(true);

    const returned = await post('/api/billing/payment-success', other.auth, {
      sessionId: checkout.body.sessionId,
    }).expect(200);
    expect(returned.body).toMatchObject({ employeeCreated: true, employee: { email: pending.email } });
    const again = await post('/api/billing/payment-success', other.auth, { sessionId: checkout.body.sessionId }).expect(
      200,
    );
    expect(again.body).toMatchObject({ employeeCreated: false, alreadyProcessed: true });
    expect(await Employee.count({ where: { companyId: other.company.id } })).toBe(1);
  });

  it("should finish a checkout paid on Stripe whose return page and webhook never came, at the admin's sync", async () => {
    const other = await newAdmin();
    const pending = person();
    const checkout = await post('/api/billing/create-checkout-session', other.auth, {
      pendingEmployeeData: pending,
    }).expect(200);
    stub.completeCheckout(checkout.body.sessionId);

    await post('/api/billing/sync-subscription', other.auth).expect(202);
    expect((await Employee.findAll({ where: { companyId: other.company.id } })).map((e) => e.email)).toEqual([
      pending.email,
    ]);
    expect((await get('/api/billing/info', other.auth)).body).toMatchObject({
      seatCount: 1,
      subscription: { status: 'active' },
      unreportedCheckout: { sessionId: checkout.body.sessionId, state: 'finished', employeeName: pending.name },
    });
    // The webhook arriving late changes nothing.
    const late = stub.event('checkout.session.completed', stub.objects.get(checkout.body.sessionId)!);
    expect((await deliver(late).expect(200)).body.outcome).toBe('already-applied');
    expect(await Employee.count({ where: { companyId: other.company.id } })).toBe(1);
  });

  it('should acknowledge events it does not act on, and events of unknown customers', async () => {
    const other = stub.event('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect((await deliver(other).expect(200)).body).toEqual({ received: true, outcome: 'ignored' });
    const stranger = stub.event('customer.subscription.updated', {
      ...stripeSubscription(),
      id: 'sub_test_unknown',
      customer: 'cus_test_unknown',
      metadata: {},
    });
    expect((await deliver(stranger).expect(200)).body.outcome).toBe('unknown-company');
  });
});
