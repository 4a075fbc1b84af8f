import {
  AuditEntry,
  authTexts,
  BillingCheckout,
  billingTexts,
  Employee,
  employeeTexts,
  OutboxEvent,
  seatPreview,
  firstLink,
  LocalPaymentObject,
  StripeEvent,
  Subscription,
  type LocalPaymentsProvider,
} from '@teamfolk/shared';
import { activateSubscription, createEmployees } from '../testing/factories';
import { eventually, startTestApp, type TestApp } from '../testing/harness';
import { joinedEmployee, signedInAdmin, type SignedInAdmin } from '../testing/signed-in';

/** The billing API in the local payments mode (the embedded default), end to end with its checkout page. */

let t: TestApp;

beforeAll(async () => {
  // The checkout sweep would finish, at any five-minute mark, checkouts these tests hold unfinished.
  t = await startTestApp({ schedules: false });
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, auth: string, body: object = {}) =>
  t.request().post(path).set('Authorization', auth).send(body);
const get = (path: string, auth: string) => t.request().get(path).set('Authorization', auth);

let sequence = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  name: `Paid Person ${++sequence}`,
  email: `paid-${sequence}-${Date.now()}@example.com`,
  role: 'Baker',
  ...overrides,
});

/** The local checkout page's path of a checkout url. */
const pagePath = (url: string) => new URL(url).pathname;

function payOnCheckoutPage(url: string, cardNumber = '4242 4242 4242 4242', expiry = '12 / 34') {
  return t
    .request()
    .post(`${pagePath(url)}/complete`)
    .set('Accept', 'application/json')
    .send({ cardNumber, expiry });
}

/** Subscribes through the hosted checkout, optionally for a first employee; returns the session and reply. */
async function subscribe(admin: SignedInAdmin, pendingEmployeeData?: object) {
  const checkout = await post('/api/billing/create-checkout-session', admin.auth, { pendingEmployeeData }).expect(200);
  await payOnCheckoutPage(checkout.body.url).expect(200);
  const success = await post('/api/billing/payment-success', admin.auth, { sessionId: checkout.body.sessionId }).expect(
    200,
  );
  return { sessionId: checkout.body.sessionId as string, reply: success.body };
}

describe('who may reach the billing routes', () => {
  let employeeAuth: string;
  let admin: SignedInAdmin;

  beforeAll(async () => {
    admin = await signedInAdmin(t);
    employeeAuth = (await joinedEmployee(t, admin.company)).auth;
  });

  const routes = [
    ['get', '/api/billing/seats'],
    ['get', '/api/billing/info'],
    ['get', '/api/billing/history'],
    ['get', '/api/billing/payment-methods'],
    ['post', '/api/billing/create-checkout-session'],
    ['post', '/api/billing/payment-success'],
    ['post', '/api/billing/create-setup-intent'],
    ['post', '/api/billing/update-payment-method'],
    ['delete', '/api/billing/payment-methods/pm_local_x'],
    ['post', '/api/billing/cancel-subscription'],
    ['post', '/api/billing/cancel-subscription-immediately'],
    ['post', '/api/billing/reactivate-subscription'],
    ['post', '/api/billing/sync-subscription'],
  ] as const;

  it.each(routes)('%s %s: anonymous 401, employee 403', async (method, path) => {
    expect((await t.request()[method](path)).status).toBe(401);
    const asEmployee = await t.request()[method](path).set('Authorization', employeeAuth).send({});
    expect(asEmployee.status).toBe(403);
    expect(asEmployee.body).toEqual({ message: authTexts.adminOnly });
  });

  it('should refuse to start a subscription for an admin whose e-mail is not verified', async () => {
    const unverified = await signedInAdmin(t, { verified: false });
    await createEmployees(unverified.company, 1);
    const reply = await post('/api/billing/create-checkout-session', unverified.auth).expect(403);
    expect(reply.body).toEqual({ message: authTexts.emailVerificationRequired });
    await post('/api/billing/create-setup-intent', unverified.auth).expect(403);
  });
});

describe('the first employee: hosted checkout, then payment-success', () => {
  let admin: SignedInAdmin;
  let sessionId: string;
  let checkoutUrl: string;
  const firstEmployee = person({ name: 'Frida First', vacation_days_total: 20 });

  beforeAll(async () => {
    admin = await signedInAdmin(t);
  });

  it('should ask for payment setup when the first employee is added', async () => {
    const reply = await post('/api/employees', admin.auth, firstEmployee).expect(402);
    expect(reply.body).toMatchObject({ requiresPayment: true, isFirstEmployee: true });
  });

  it("should preview the first seat as charged at once: the subscription's first month", async () => {
    const preview = await get('/api/billing/seats', admin.auth).expect(200);
    // The figures themselves are pinned by the rule's own test (shared/src/rules/billing.test.ts).
    expect(preview.body).toEqual(seatPreview(0, null));
  });

  it('should answer a session id and the hosted checkout url, keeping the pending employee server-side', async () => {
    const reply = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: firstEmployee,
    }).expect(200);
    expect(reply.body).toEqual({
      sessionId: expect.stringMatching(/^cs_local_[0-9a-f]+$/),
      url: expect.stringMatching(/^http:\/\/teamfolk\.test\/dev\/checkout\/cs_local_[0-9a-f]+$/),
    });
    sessionId = reply.body.sessionId;
    checkoutUrl = reply.body.url;
    const stored = await BillingCheckout.findByPk(sessionId);
    expect(stored?.pendingEmployee).toMatchObject({ name: 'Frida First', email: firstEmployee.email });
    expect(await Employee.count({ where: { companyId: admin.company.id } })).toBe(0);
  });

  it('should serve a checkout page with a card number field and a Pay button', async () => {
    const page = await t.request().get(pagePath(checkoutUrl)).expect(200).expect('Content-Type', /html/);
    expect(page.text).toContain('<label for="cardNumber">Card number</label>');
    expect(page.text).toContain('<button type="submit">Pay</button>');
    expect(page.text).toContain(`action="/dev/checkout/${sessionId}/complete"`);
    expect(page.text).toContain('$2.00');
    expect(page.text).toContain('Charged today: $2.00 for your first month, then $2.00 every month.');
  });

  it('should refuse payment-success while the checkout is not paid', async () => {
    const reply = await post('/api/billing/payment-success', admin.auth, { sessionId }).expect(402);
    expect(reply.body).toMatchObject({ message: billingTexts.paymentNotCompleted });
  });

  it('should decline 4000 0000 0000 0002 and refuse an invalid number, as Stripe Checkout does', async () => {
    const declined = await payOnCheckoutPage(checkoutUrl, '4000 0000 0000 0002').expect(402);
    expect(declined.body).toEqual({ message: billingTexts.cardDeclined, field: 'cardNumber' });
    const invalid = await payOnCheckoutPage(checkoutUrl, '4242 4242 4242 4241').expect(400);
    expect(invalid.body).toEqual({ message: billingTexts.cardInvalid, field: 'cardNumber' });
    const missing = await t
      .request()
      .post(`${pagePath(checkoutUrl)}/complete`)
      .set('Accept', 'application/json')
      .send({});
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('cardNumber');
    const htmlDeclined = await t
      .request()
      .post(`${pagePath(checkoutUrl)}/complete`)
      .type('form')
      .send({ cardNumber: '4000000000000002' })
      .expect(402);
    expect(htmlDeclined.text).toContain('Your card was declined.');
    expect(htmlDeclined.text).toContain('Card number');
  });

  it('should take 4242 4242 4242 4242 and return to the success url with the session id', async () => {
    const form = await t
      .request()
      .post(`${pagePath(checkoutUrl)}/complete`)
      .type('form')
      .send({ cardNumber: '4242 4242 4242 4242' })
      .expect(303);
    const expected = `http://teamfolk.test/dashboard/billing?success=true&session_id=${sessionId}`;
    expect(form.headers.location).toBe(expected);
    const again = await payOnCheckoutPage(checkoutUrl).expect(200);
    expect(again.body).toEqual({ redirectUrl: expected });
  });

  it('should activate the subscription and create the employee once, with the invitation e-mail', async () => {
    const [first, second] = await Promise.all([
      post('/api/billing/payment-success', admin.auth, { sessionId }),
      post('/api/billing/payment-success', admin.auth, { sessionId }),
    ]);
    const replies = [first.body, second.body];
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const created = replies.find((reply) => reply.employeeCreated);
    const repeated = replies.find((reply) => !reply.employeeCreated);
    expect(created).toMatchObject({
      success: true,
      employeeCreated: true,
      employee: { name: 'Frida First', email: firstEmployee.email, vacation_days_total: 20 },
      subscription: { status: 'active', currentPeriodEnd: expect.any(String), endedAt: null },
      message: employeeTexts.added,
    });
    expect(repeated).toMatchObject({ success: true, employeeCreated: false, alreadyProcessed: true });
    const third = await post('/api/billing/payment-success', admin.auth, { sessionId }).expect(200);
    expect(third.body).toMatchObject({ employeeCreated: false, alreadyProcessed: true });
    expect(await Employee.count({ where: { companyId: admin.company.id } })).toBe(1);

    await t.flushOutbox();
    const mail = await t.mail.waitFor((message) => message.to.includes(firstEmployee.email as string));
    expect(firstLink(mail.text)).toContain('/invitation/');
  });

  it('should show the subscription, its price, the paid first cycle and the card', async () => {
    const info = await get('/api/billing/info', admin.auth).expect(200);
    expect(info.body).toEqual({
      seatCount: 1,
      pricePerSeat: 200,
      monthlyAmount: 200,
      subscription: { status: 'active', currentPeriodEnd: expect.any(String), endedAt: null },
      hasPaymentMethod: true,
      unreportedCheckout: null,
    });
    const periodEnd = new Date(info.body.subscription.currentPeriodEnd);
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now());

    const history = await get('/api/billing/history', admin.auth).expect(200);
    expect(history.body).toEqual({
      billingCycles: [
        {
          id: expect.any(Number),
          billing_date: `${new Date().toISOString().slice(0, 7)}-01`,
          seat_count: 1,
          amount_due: 200,
          status: 'paid',
          paid_at: expect.any(String),
        },
      ],
    });

    // What the seat dialog said is what was charged: $2.00 today, for this month.
    expect(history.body.billingCycles[0].amount_due).toBe(200);
    expect(history.body.billingCycles[0].paid_at.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    const later = await get('/api/billing/seats', admin.auth).expect(200);
    expect(later.body).toMatchObject({
      currentSeats: 1,
      newTotalCost: 400,
      chargedNow: 0,
      nextChargeOn: info.body.subscription.currentPeriodEnd,
    });

    const methods = await get('/api/billing/payment-methods', admin.auth).expect(200);
    expect(methods.body).toEqual({
      paymentMethods: [
        {
          id: expect.stringMatching(/^pm_local_/),
          created: expect.any(Number),
          card: { last4: '4242', brand: 'visa', exp_month: expect.any(Number), exp_year: expect.any(Number) },
        },
      ],
      currentPaymentMethod: expect.stringMatching(/^pm_local_/),
    });
    expect(methods.body.currentPaymentMethod).toBe(methods.body.paymentMethods[0].id);
  });

  it('should set the seat quantity to the employee count when employees are added and deleted', async () => {
    const subscription = await Subscription.findOne({ where: { companyId: admin.company.id } });
    const providerQuantity = async () =>
      ((await LocalPaymentObject.findByPk(subscription!.providerSubscriptionId!))!.data as { quantity: number })
        .quantity;
    expect(await providerQuantity()).toBe(1);

    const added = await post('/api/employees', admin.auth, person()).expect(201);
    await t.flushOutbox();
    await eventually(async () => (await providerQuantity()) === 2);
    await eventually(async () => (await Subscription.findByPk(subscription!.id))?.seatQuantity === 2);

    await t.request().delete(`/api/employees/${added.body.id}`).set('Authorization', admin.auth).expect(200);
    await t.flushOutbox();
    await eventually(async () => (await providerQuantity()) === 1);
  });

  it('should refuse a second checkout while the subscription runs', async () => {
    const reply = await post('/api/billing/create-checkout-session', admin.auth, {}).expect(409);
    expect(reply.body).toEqual({ message: billingTexts.alreadySubscribed });
  });
});

describe('subscribing with employees already on record, and the cancel page', () => {
  it('should bill the current employees and let the admin cancel out of the hosted page', async () => {
    const admin = await signedInAdmin(t);
    await createEmployees(admin.company, 3);
    const checkout = await post('/api/billing/create-checkout-session', admin.auth).expect(200);
    const page = await t.request().get(pagePath(checkout.body.url)).expect(200);
    expect(page.text).toContain('$6.00');
    expect(page.text).toContain('href="http://teamfolk.test/dashboard/billing?canceled=true"');

    await payOnCheckoutPage(checkout.body.url).expect(200);
    const success = await post('/api/billing/payment-success', admin.auth, {
      sessionId: checkout.body.sessionId,
    }).expect(200);
    expect(success.body).toMatchObject({
      employeeCreated: false,
      message: billingTexts.subscriptionActivated,
      subscription: { status: 'active' },
    });
    const history = await get('/api/billing/history', admin.auth).expect(200);
    expect(history.body.billingCycles).toEqual([expect.objectContaining({ seat_count: 3, amount_due: 600 })]);
  });

  it('should keep one payable checkout per company: a newer one closes the older', async () => {
    const admin = await signedInAdmin(t);
    await createEmployees(admin.company, 1);
    const older = await post('/api/billing/create-checkout-session', admin.auth).expect(200);
    const newer = await post('/api/billing/create-checkout-session', admin.auth).expect(200);
    const closed = await payOnCheckoutPage(older.body.url).expect(409);
    expect(closed.body).toEqual({ message: billingTexts.checkoutExpired });
    const page = await t.request().get(pagePath(older.body.url)).expect(410);
    expect(page.text).toContain('Checkout expired');
    await payOnCheckoutPage(newer.body.url).expect(200);
    await post('/api/billing/payment-success', admin.auth, { sessionId: newer.body.sessionId }).expect(200);
    await post('/api/billing/payment-success', admin.auth, { sessionId: older.body.sessionId }).expect(402);
  });

  it('should bill only the people there are when the paid-for employee cannot be created after all', async () => {
    const admin = await signedInAdmin(t);
    const pending = person();
    const started = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: pending,
    }).expect(200);
    // The address is taken between the checkout and the payment.
    await Employee.create({ companyId: admin.company.id, name: 'Same Address', email: pending.email as string });
    await payOnCheckoutPage(started.body.url).expect(200);
    const paid = await post('/api/billing/payment-success', admin.auth, { sessionId: started.body.sessionId }).expect(
      200,
    );
    expect(paid.body).toMatchObject({
      success: true,
      employeeCreated: false,
      warning: `${billingTexts.pendingEmployeeNotCreated} (${employeeTexts.emailTaken})`,
    });
    const seatUpdates = await OutboxEvent.count({
      where: { companyId: admin.company.id, jobName: 'update-seat-quantity' },
    });
    expect(seatUpdates).toBe(1);
  });

  it('should refuse a checkout with nobody to bill, a taken e-mail or a malformed employee', async () => {
    const admin = await signedInAdmin(t);
    const empty = await post('/api/billing/create-checkout-session', admin.auth).expect(400);
    expect(empty.body).toEqual({ message: billingTexts.addEmployeesFirst });
    const bad = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: { name: 'X', email: 'not-an-email' },
    }).expect(400);
    expect(bad.body).toEqual({ message: 'email must be a valid email address', field: 'pendingEmployeeData.email' });
    const taken = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: person({ email: admin.admin.email }),
    }).expect(409);
    expect(taken.body.field).toBe('pendingEmployeeData.email');
    const elsewhere = await signedInAdmin(t);
    const signsInElsewhere = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: person({ email: elsewhere.admin.email }),
    }).expect(409);
    expect(signsInElsewhere.body).toEqual({
      message: employeeTexts.emailTakenElsewhere,
      field: 'pendingEmployeeData.email',
    });
    const notJson = await t
      .request()
      .post('/api/billing/create-checkout-session')
      .set('Authorization', admin.auth)
      .set('Content-Type', 'application/json')
      .send('{"pendingEmployeeData":');
    expect(notJson.status).toBe(400);
  });

  it('should answer 404 for a checkout page or session that does not exist', async () => {
    const admin = await signedInAdmin(t);
    await t.request().get('/dev/checkout/cs_local_nothing').expect(404);
    const reply = await payOnCheckoutPage('http://teamfolk.test/dev/checkout/cs_local_nothing').expect(404);
    expect(reply.body).toEqual({ message: billingTexts.sessionNotFound });
    await post('/api/billing/payment-success', admin.auth, { sessionId: 'cs_local_nothing' }).expect(404);
    const invalid = await post('/api/billing/payment-success', admin.auth, { sessionId: '../etc' }).expect(400);
    expect(invalid.body.field).toBe('sessionId');
    const missing = await post('/api/billing/payment-success', admin.auth, {}).expect(400);
    expect(missing.body).toEqual({ message: 'sessionId is required', field: 'sessionId' });
  });

  it("should keep another company's session, cards and history out of reach", async () => {
    const owner = await signedInAdmin(t);
    const { sessionId } = await subscribe(owner, person());
    const stranger = await signedInAdmin(t);
    const ownerCard = (await get('/api/billing/payment-methods', owner.auth)).body.currentPaymentMethod as string;

    await post('/api/billing/payment-success', stranger.auth, { sessionId }).expect(404);
    await post('/api/billing/update-payment-method', stranger.auth, { paymentMethodId: ownerCard }).expect(404);
    await t
      .request()
      .delete(`/api/billing/payment-methods/${ownerCard}`)
      .set('Authorization', stranger.auth)
      .expect(404);
    expect((await get('/api/billing/info', stranger.auth)).body).toEqual({
      seatCount: 0,
      pricePerSeat: 200,
      monthlyAmount: 0,
      subscription: null,
      hasPaymentMethod: false,
      unreportedCheckout: null,
    });
    expect((await get('/api/billing/history', stranger.auth)).body).toEqual({ billingCycles: [] });
    expect((await get('/api/billing/payment-methods', stranger.auth)).body).toEqual({
      paymentMethods: [],
      currentPaymentMethod: null,
    });
    await post('/api/billing/cancel-subscription', stranger.auth).expect(409);
    expect((await Subscription.findOne({ where: { companyId: owner.company.id } }))?.status).toBe('active');
  });
});

describe('payment methods', () => {
  let admin: SignedInAdmin;
  let firstCard: string;
  let secondCard: string;

  beforeAll(async () => {
    admin = await signedInAdmin(t);
    await subscribe(admin, person());
    firstCard = (await get('/api/billing/payment-methods', admin.auth)).body.currentPaymentMethod;
  });

  it('should add a card through a setup intent and its hosted card page', async () => {
    const intent = await post('/api/billing/create-setup-intent', admin.auth).expect(200);
    expect(intent.body).toEqual({
      clientSecret: expect.stringMatching(/^seti_local_[0-9a-f]+_secret_[0-9a-f]+$/),
      url: expect.stringMatching(/^http:\/\/teamfolk\.test\/dev\/checkout\/cs_local_/),
      sessionId: expect.stringMatching(/^cs_local_/),
    });
    const page = await t.request().get(pagePath(intent.body.url)).expect(200);
    expect(page.text).toContain('Card number');
    expect(page.text).toContain('Save card');
    const done = await payOnCheckoutPage(intent.body.url, '5555 5555 5555 4444').expect(200);
    expect(done.body.redirectUrl).toBe(
      `http://teamfolk.test/dashboard/billing?setup=success&session_id=${intent.body.sessionId}`,
    );
    const success = await post('/api/billing/payment-success', admin.auth, { sessionId: intent.body.sessionId }).expect(
      200,
    );
    expect(success.body).toMatchObject({
      employeeCreated: false,
      paymentMethodId: expect.stringMatching(/^pm_local_/),
      message: billingTexts.paymentMethodAdded,
    });
    secondCard = success.body.paymentMethodId;
    const methods = await get('/api/billing/payment-methods', admin.auth).expect(200);
    expect(methods.body.paymentMethods.map((method: { card: { brand: string } }) => method.card.brand)).toEqual([
      'visa',
      'mastercard',
    ]);
    expect(methods.body.currentPaymentMethod).toBe(firstCard);
  });

  it('should make another card the default, and refuse to remove the default', async () => {
    const updated = await post('/api/billing/update-payment-method', admin.auth, {
      paymentMethodId: secondCard,
    }).expect(200);
    expect(updated.body).toMatchObject({ success: true, message: billingTexts.defaultPaymentMethodUpdated });
    expect((await get('/api/billing/payment-methods', admin.auth)).body.currentPaymentMethod).toBe(secondCard);
    const refused = await t
      .request()
      .delete(`/api/billing/payment-methods/${secondCard}`)
      .set('Authorization', admin.auth)
      .expect(409);
    expect(refused.body).toEqual({ message: billingTexts.cannotRemoveDefault });
    expect(await AuditEntry.count({ where: { action: 'billing.default_payment_method_changed' } })).toBeGreaterThan(0);
  });

  it('should remove a card that is not the default, but never the last one', async () => {
    const removed = await t
      .request()
      .delete(`/api/billing/payment-methods/${firstCard}`)
      .set('Authorization', admin.auth)
      .expect(200);
    expect(removed.body).toMatchObject({ success: true, message: billingTexts.paymentMethodRemoved });
    const methods = await get('/api/billing/payment-methods', admin.auth).expect(200);
    expect(methods.body.paymentMethods.map((method: { id: string }) => method.id)).toEqual([secondCard]);

    await Subscription.update({ defaultPaymentMethodId: null }, { where: { companyId: admin.company.id } });
    const last = await t
      .request()
      .delete(`/api/billing/payment-methods/${secondCard}`)
      .set('Authorization', admin.auth)
      .expect(409);
    expect(last.body).toEqual({ message: billingTexts.cannotRemoveLast });
    await Subscription.update({ defaultPaymentMethodId: secondCard }, { where: { companyId: admin.company.id } });
  });

  it('should refuse unknown cards and bad input', async () => {
    await post('/api/billing/update-payment-method', admin.auth, { paymentMethodId: 'pm_local_unknown' }).expect(404);
    const missing = await post('/api/billing/update-payment-method', admin.auth, {}).expect(400);
    expect(missing.body).toEqual({ message: 'paymentMethodId is required', field: 'paymentMethodId' });
    await t
      .request()
      .delete('/api/billing/payment-methods/pm_local_unknown')
      .set('Authorization', admin.auth)
      .expect(404);
    await t.request().delete('/api/billing/payment-methods/x%20y').set('Authorization', admin.auth).expect(404);
    const hosted = await post('/api/billing/create-setup-intent', admin.auth, { hosted: 'yes' }).expect(400);
    expect(hosted.body.field).toBe('hosted');
  });

  it('should save the expiry typed on the card page, and refuse one that is past or malformed', async () => {
    const saved: Array<{ exp_month: number; exp_year: number }> = [];
    for (const expiry of ['12/30', '08 / 31']) {
      const intent = await post('/api/billing/create-setup-intent', admin.auth, { hosted: true }).expect(200);
      await payOnCheckoutPage(intent.body.url, '4242 4242 4242 4242', expiry).expect(200);
      const added = await post('/api/billing/payment-success', admin.auth, { sessionId: intent.body.sessionId });
      const methods = (await get('/api/billing/payment-methods', admin.auth)).body.paymentMethods as Array<{
        id: string;
        card: { exp_month: number; exp_year: number };
      }>;
      saved.push(methods.find((method) => method.id === added.body.paymentMethodId)!.card);
    }
    expect(saved).toEqual([
      expect.objectContaining({ exp_month: 12, exp_year: 2030 }),
      expect.objectContaining({ exp_month: 8, exp_year: 2031 }),
    ]);

    const intent = await post('/api/billing/create-setup-intent', admin.auth, { hosted: true }).expect(200);
    const past = await payOnCheckoutPage(intent.body.url, '4242 4242 4242 4242', '01/20').expect(400);
    expect(past.body).toEqual({ message: billingTexts.cardExpiryPast, field: 'expiry' });
    const malformed = await payOnCheckoutPage(intent.body.url, '4242 4242 4242 4242', '13/30').expect(400);
    expect(malformed.body).toEqual({ message: billingTexts.cardExpiryInvalid, field: 'expiry' });
    const form = await t
      .request()
      .post(`${pagePath(intent.body.url)}/complete`)
      .type('form')
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '01/20' })
      .expect(400);
    expect(form.text).toContain(billingTexts.cardExpiryPast.replace("'", '&#39;'));
    const page = await t.request().get(pagePath(intent.body.url)).expect(200);
    expect(page.text).toMatch(/<input id="expiry" name="expiry"[^>]* required/);
  });

  it('should keep a card whose charges fail, as Stripe does with 4000 0000 0000 0341', async () => {
    const intent = await post('/api/billing/create-setup-intent', admin.auth, { hosted: true }).expect(200);
    await payOnCheckoutPage(intent.body.url, '4000 0000 0000 0341').expect(200);
    const checkout = await post('/api/billing/create-checkout-session', (await newSubscriberWithSeat()).auth).expect(
      200,
    );
    const declined = await payOnCheckoutPage(checkout.body.url, '4000 0000 0000 0341').expect(402);
    expect(declined.body.message).toBe(billingTexts.cardDeclined);
  });
});

async function newSubscriberWithSeat(): Promise<SignedInAdmin> {
  const admin = await signedInAdmin(t);
  await createEmployees(admin.company, 1);
  return admin;
}

describe('cancel, reactivate, cancel immediately, and the expired subscription', () => {
  let admin: SignedInAdmin;

  beforeAll(async () => {
    admin = await signedInAdmin(t);
    await subscribe(admin, person());
  });

  it('should cancel at the period end, keeping access, and e-mail the admin', async () => {
    const reply = await post('/api/billing/cancel-subscription', admin.auth).expect(200);
    expect(reply.body).toEqual({
      success: true,
      message: billingTexts.canceledAtPeriodEnd,
      subscription: { status: 'cancel_at_period_end', currentPeriodEnd: expect.any(String), endedAt: null },
    });
    await post('/api/billing/cancel-subscription', admin.auth).expect(200);
    await get('/api/employees', admin.auth).expect(200);
    await t.flushOutbox();
    const mail = await t.mail.waitFor(
      (message) =>
        message.to.includes(admin.admin.email) && message.subject === 'Your Teamfolk subscription is canceled',
    );
    expect(mail.text).toContain('keeps full access until then');
  });

  it('should reactivate while the period runs', async () => {
    const reply = await post('/api/billing/reactivate-subscription', admin.auth).expect(200);
    expect(reply.body).toEqual({
      success: true,
      message: billingTexts.reactivated,
      subscription: { status: 'active', currentPeriodEnd: expect.any(String), endedAt: null },
    });
    await post('/api/billing/reactivate-subscription', admin.auth).expect(200);
  });

  it('should cancel immediately, close everything but billing and auth with 402 subscriptionExpired, and e-mail', async () => {
    const before = await get('/api/billing/info', admin.auth).expect(200);
    const canceledAt = Date.now();
    const reply = await post('/api/billing/cancel-subscription-immediately', admin.auth).expect(200);
    expect(reply.body).toMatchObject({ success: true, subscription: { status: 'canceled' } });
    // It ended now, not at the end of the period it had paid for.
    const endedAt = new Date(reply.body.subscription.endedAt).getTime();
    expect(Math.abs(endedAt - canceledAt)).toBeLessThan(60_000);
    expect(endedAt).toBeLessThan(new Date(before.body.subscription.currentPeriodEnd).getTime());
    const info = await get('/api/billing/info', admin.auth).expect(200);
    expect(info.body.subscription).toEqual(reply.body.subscription);

    for (const path of ['/api/employees', '/api/leaves', '/api/dashboard/upcoming-events', '/api/calendar/events']) {
      const closed = await get(path, admin.auth);
      expect(closed.status).toBe(402);
      expect(closed.body).toEqual({ message: 'Subscription expired. Access restricted.', subscriptionExpired: true });
    }
    await get('/api/auth/me', admin.auth).expect(200);
    await get('/api/billing/info', admin.auth).expect(200);
    await get('/api/billing/history', admin.auth).expect(200);

    await post('/api/billing/reactivate-subscription', admin.auth).expect(409);
    await post('/api/billing/cancel-subscription', admin.auth).expect(409);
    await t.flushOutbox();
    await t.mail.waitFor(
      (message) => message.to.includes(admin.admin.email) && message.subject === 'Your Teamfolk subscription has ended',
    );
  });

  it('should let the company subscribe again and reopen access', async () => {
    const { reply } = await subscribe(admin);
    expect(reply).toMatchObject({ subscription: { status: 'active' } });
    await get('/api/employees', admin.auth).expect(200);
  });

  it('should close access once a cancellation at period end is past its period', async () => {
    const other = await signedInAdmin(t);
    await activateSubscription(other.company);
    await Subscription.update(
      { status: 'cancel_at_period_end', currentPeriodEnd: new Date(Date.now() - 1000) },
      { where: { companyId: other.company.id } },
    );
    const closed = await get('/api/employees', other.auth).expect(402);
    expect(closed.body.subscriptionExpired).toBe(true);
  });

  it('should answer 409 to cancel or reactivate without a subscription', async () => {
    const nobody = await signedInAdmin(t);
    const reply = await post('/api/billing/cancel-subscription', nobody.auth).expect(409);
    expect(reply.body).toEqual({ message: billingTexts.noSubscription });
    await post('/api/billing/cancel-subscription-immediately', nobody.auth).expect(409);
    await post('/api/billing/reactivate-subscription', nobody.auth).expect(409);
  });
});

describe('a paid first checkout whose return page is lost', () => {
  const unreported = async (admin: SignedInAdmin) =>
    (await get('/api/billing/info', admin.auth).expect(200)).body.unreportedCheckout;

  /** The card is paid at the provider and nothing reaches the API: its process died before it heard. */
  async function paidUnheard(admin: SignedInAdmin, pending: Record<string, unknown>) {
    const checkout = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: pending,
    }).expect(200);
    await (t.workers.payments as LocalPaymentsProvider).completeCheckout(checkout.body.sessionId, '4242424242424242');
    return checkout.body.sessionId as string;
  }

  it('should create the employee as the card is paid, through the checkout.session.completed event Stripe would send', async () => {
    const admin = await signedInAdmin(t);
    const pending = person({ name: 'Lena Lost' });
    const checkout = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: pending,
    }).expect(200);
    await payOnCheckoutPage(checkout.body.url).expect(200);

    // No return page: the tab was closed, or it opened on another host with no session.
    const [employee] = await Employee.findAll({ where: { companyId: admin.company.id } });
    expect(employee).toMatchObject({ name: 'Lena Lost', email: pending.email });
    const event = await StripeEvent.findOne({ where: { companyId: admin.company.id } });
    expect(event).toMatchObject({ type: 'checkout.session.completed', outcome: 'applied' });
    expect(await unreported(admin)).toEqual({
      sessionId: checkout.body.sessionId,
      state: 'finished',
      employeeName: 'Lena Lost',
    });

    // Signed in again, the screens confirm it: the admin is told once what the payment did.
    const told = await post('/api/billing/payment-success', admin.auth, { sessionId: checkout.body.sessionId });
    expect(told.body).toMatchObject({ employeeCreated: true, employee: { name: 'Lena Lost' } });
    expect(await unreported(admin)).toBeNull();
    await payOnCheckoutPage(checkout.body.url).expect(200);
    expect(await Employee.count({ where: { companyId: admin.company.id } })).toBe(1);
  });

  it("should finish a checkout paid without the API hearing of it when the admin's sync runs after sign-in", async () => {
    const admin = await signedInAdmin(t);
    const sessionId = await paidUnheard(admin, person({ name: 'Sam Synced' }));
    expect(await Employee.count({ where: { companyId: admin.company.id } })).toBe(0);
    expect(await unreported(admin)).toBeNull();

    const [first, second] = await Promise.all([
      post('/api/billing/sync-subscription', admin.auth).expect(202),
      post('/api/billing/sync-subscription', admin.auth).expect(202),
    ]);
    expect([first.body.queued, second.body.queued].sort()).toEqual([false, true]);
    expect((await Employee.findAll({ where: { companyId: admin.company.id } })).map((e) => e.name)).toEqual([
      'Sam Synced',
    ]);
    expect(await unreported(admin)).toEqual({ sessionId, state: 'finished', employeeName: 'Sam Synced' });
    const info = await get('/api/billing/info', admin.auth).expect(200);
    expect(info.body).toMatchObject({ seatCount: 1, subscription: { status: 'active' } });
    const history = await get('/api/billing/history', admin.auth).expect(200);
    expect(history.body.billingCycles).toEqual([expect.objectContaining({ seat_count: 1, status: 'paid' })]);
  });

  it('should say a paid checkout is being finished until it is, then that it was', async () => {
    const admin = await signedInAdmin(t);
    const sessionId = await paidUnheard(admin, person({ name: 'Fay Finishing' }));
    // The payment was seen (a webhook, a sync) but the process died before applying it.
    await BillingCheckout.update({ paidAt: new Date() }, { where: { sessionId } });
    expect(await unreported(admin)).toEqual({ sessionId, state: 'finishing', employeeName: 'Fay Finishing' });
    expect(await Employee.count({ where: { companyId: admin.company.id } })).toBe(0);

    await post('/api/billing/sync-subscription', admin.auth).expect(202);
    expect(await unreported(admin)).toEqual({ sessionId, state: 'finished', employeeName: 'Fay Finishing' });
    expect(await Employee.count({ where: { companyId: admin.company.id } })).toBe(1);
  });

  it('should leave an unpaid checkout open and close one the provider expired', async () => {
    const admin = await signedInAdmin(t);
    const open = await post('/api/billing/create-checkout-session', admin.auth, {
      pendingEmployeeData: person(),
    }).expect(200);
    await post('/api/billing/sync-subscription', admin.auth).expect(202);
    expect(await BillingCheckout.findByPk(open.body.sessionId)).toMatchObject({ completedAt: null, closedAt: null });
    expect(await unreported(admin)).toBeNull();

    await t.workers.payments.expireCheckoutSession(open.body.sessionId);
    await Subscription.update({ syncRequestedAt: null }, { where: { companyId: admin.company.id } });
    await post('/api/billing/sync-subscription', admin.auth).expect(202);
    expect((await BillingCheckout.findByPk(open.body.sessionId))?.closedAt).toBeInstanceOf(Date);
  });
});

describe('POST /api/billing/sync-subscription', () => {
  it('should answer at once and have the workers pull the subscription, at most once per 30 seconds', async () => {
    const admin = await signedInAdmin(t);
    const none = await post('/api/billing/sync-subscription', admin.auth).expect(202);
    expect(none.body).toEqual({ success: true, queued: false });

    await subscribe(admin, person());
    const first = await post('/api/billing/sync-subscription', admin.auth).expect(202);
    expect(first.body).toEqual({ success: true, queued: true });
    const second = await post('/api/billing/sync-subscription', admin.auth).expect(202);
    expect(second.body).toEqual({ success: true, queued: false });

    await t.flushOutbox();
    const job = await eventually(async () =>
      (await t.workers.queues.billing.getJobs(['completed'])).find(
        (candidate) => candidate.name === 'sync-subscription' && candidate.data.companyId === admin.company.id,
      ),
    );
    expect(job.returnvalue).toEqual({ synced: true, status: 'active', applied: true });
  });
});

describe('POST /api/billing/webhook in the local mode', () => {
  it('should refuse every delivery: there is no provider to sign one', async () => {
    const reply = await t
      .request()
      .post('/api/billing/webhook')
      .set('Stripe-Signature', 't=1,v1=abc')
      .set('Content-Type', 'application/json')
      .send('{"id":"evt_1"}')
      .expect(400);
    expect(reply.body).toEqual({ message: billingTexts.webhookSignatureInvalid });
  });
});
