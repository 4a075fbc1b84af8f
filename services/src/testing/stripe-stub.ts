import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small local stand-in for the Stripe API, answering the endpoints Teamfolk uses with
 * Stripe-shaped objects, for the real SDK pointed at it ({host, port, protocol: 'http'}). It records
 * every request so tests can assert what the SDK sent, lets tests play the customer on Stripe's
 * hosted page, and signs webhook events with the SDK's own test-header helper.
 */

type StripeObject = Record<string, unknown> & { id: string };

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

export interface StripeStub {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  objects: Map<string, StripeObject>;
  /** The stub's clock (epoch seconds): the real one until a test moves it. */
  now(): number;
  setNow(epochSeconds: number): void;
  /** Plays the customer paying on Stripe's page: a card, an active subscription and its first paid invoice. */
  completeCheckout(sessionId: string, options?: { paymentStatus?: 'paid' | 'unpaid' }): StripeObject;
  /** Adds a card to a customer (as a SetupIntent confirmed by Stripe.js would). */
  attachCard(customerId: string, last4?: string): StripeObject;
  /** An invoice of a subscription, as Stripe issues one on its anniversary. */
  createInvoice(
    subscriptionId: string,
    fields: { status: 'paid' | 'open'; created?: number; attempted?: boolean },
  ): StripeObject;
  /** A webhook delivery: the JSON body and its Stripe-Signature header. */
  event(
    type: string,
    object: StripeObject,
    options?: { id?: string; created?: number; secret?: string },
  ): {
    id: string;
    body: string;
    signature: string;
  };
  requestsTo(method: string, pathPrefix: string): RecordedRequest[];
  close(): Promise<void>;
}

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/** Stripe's refusal to expire a session that is no longer open. */
const NOT_OPEN = { id: 'not-open' } as const;

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

export async function startStripeStub(): Promise<StripeStub> {
  const objects = new Map<string, StripeObject>();
  const requests: RecordedRequest[] = [];
  let sequence = 0;
  /** Where a test moved the clock; null: the real time. */
  let movedTo: number | null = null;
  const clockNow = () => movedTo ?? Math.floor(Date.now() / 1000);
  const nextId = (prefix: string) => `${prefix}_test_${(++sequence).toString(36).padStart(6, '0')}`;
  const put = (object: StripeObject) => {
    objects.set(object.id, object);
    return object;
  };
  const get = (id: string | undefined, type: string) => {
    const object = id ? objects.get(id) : undefined;
    return object && object.object === type ? object : undefined;
  };
  const monthLater = (epoch: number) => {
    const date = new Date(epoch * 1000);
    date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  };

  function newCard(customerId: string | null, last4 = '4242'): StripeObject {
    return put({
      id: nextId('pm'),
      object: 'payment_method',
      type: 'card',
      created: clockNow(),
      customer: customerId,
      card: { brand: 'visa', last4, exp_month: 12, exp_year: 2030, funding: 'credit', country: 'US' },
      billing_details: {},
      metadata: {},
    });
  }

  function newInvoice(
    subscription: StripeObject,
    fields: { status: 'paid' | 'open'; created?: number; attempted?: boolean },
  ) {
    const items = (subscription.items as { data: Array<{ quantity: number }> }).data;
    const quantity = items[0]?.quantity ?? 0;
    const created = fields.created ?? clockNow();
    const invoice = put({
      id: nextId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: fields.status,
      amount_due: quantity * 200,
      amount_paid: fields.status === 'paid' ? quantity * 200 : 0,
      attempted: fields.attempted ?? true,
      created,
      currency: 'usd',
      status_transitions: { paid_at: fields.status === 'paid' ? created : null, finalized_at: created },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        quote_details: null,
      },
      lines: list([{ id: nextId('il'), object: 'line_item', quantity, amount: quantity * 200 }], '/v1/invoices/lines'),
    });
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function expand(object: StripeObject, query: Record<string, unknown>): StripeObject {
    const wanted = query.expand;
    const fields = Array.isArray(wanted) ? wanted : wanted ? [wanted] : [];
    const copy: StripeObject = { ...object };
    for (const field of fields as string[]) {
      const id = copy[field];
      if (typeof id === 'string' && objects.has(id)) copy[field] = { ...objects.get(id)! };
    }
    return copy;
  }

  function updateSubscription(subscription: StripeObject, body: Record<string, unknown>) {
    const items = (subscription.items as { data: Array<Record<string, unknown>> }).data;
    for (const change of (body.items as Array<Record<string, string>> | undefined) ?? []) {
      const item = items.find((candidate) => candidate.id === change.id);
      if (item && change.quantity !== undefined) item.quantity = Number(change.quantity);
    }
    if (body.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
    if (typeof body.default_payment_method === 'string')
      subscription.default_payment_method = body.default_payment_method;
  }

  function route(method: string, path: string, query: Record<string, unknown>, body: Record<string, unknown>) {
    const parts = path.split('/').filter(Boolean).slice(1); // drop "v1"
    if (parts[0] === 'checkout') parts.splice(0, 2, 'checkout_sessions');
    const [resource, id, action] = parts;
    const key = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST customers':
        return put({
          id: nextId('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null },
          created: clockNow(),
        });
      case 'GET customers/:id':
        return get(id, 'customer');
      case 'POST customers/:id': {
        const customer = get(id, 'customer');
        if (!customer) return undefined;
        const settings = body.invoice_settings as { default_payment_method?: string } | undefined;
        if (settings?.default_payment_method) {
          customer.invoice_settings = { default_payment_method: settings.default_payment_method };
        }
        for (const field of ['name', 'email'] as const)
          if (body[field] !== undefined) customer[field] = body[field] || null;
        if (body.metadata) customer.metadata = { ...(customer.metadata as object), ...(body.metadata as object) };
        return customer;
      }
      case 'POST checkout_sessions': {
        const lineItems = (body.line_items as Array<Record<string, string>> | undefined) ?? [];
        const sessionId = nextId('cs');
        return put({
          id: sessionId,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: body.mode === 'setup' ? 'no_payment_required' : 'unpaid',
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          subscription: null,
          setup_intent: null,
          quantity: Number(lineItems[0]?.quantity ?? 0),
          subscription_metadata: (body.subscription_data as { metadata?: object } | undefined)?.metadata ?? {},
          created: clockNow(),
        });
      }
      case 'GET checkout_sessions/:id': {
        const session = get(id, 'checkout.session');
        return session ? expand(session, query) : undefined;
      }
      case 'POST checkout_sessions/:id/expire': {
        const session = get(id, 'checkout.session');
        if (!session) return undefined;
        if (session.status !== 'open') return NOT_OPEN;
        session.status = 'expired';
        return session;
      }
      case 'GET subscriptions': {
        const customer = query.customer as string | undefined;
        const found = [...objects.values()]
          .filter((object) => object.object === 'subscription' && object.customer === customer)
          .sort((a, b) => Number(b.created) - Number(a.created));
        return list(found.slice(0, Number(query.limit ?? 10)), '/v1/subscriptions');
      }
      case 'GET subscriptions/:id': {
        const subscription = get(id, 'subscription');
        return subscription ? expand(subscription, query) : undefined;
      }
      case 'POST subscriptions/:id': {
        const subscription = get(id, 'subscription');
        if (!subscription) return undefined;
        updateSubscription(subscription, body);
        return expand(subscription, query.expand ? query : body);
      }
      case 'DELETE subscriptions/:id': {
        const subscription = get(id, 'subscription');
        if (!subscription) return undefined;
        Object.assign(subscription, { status: 'canceled', ended_at: clockNow(), canceled_at: clockNow() });
        return expand(subscription, query);
      }
      case 'POST setup_intents': {
        const intentId = nextId('seti');
        return put({
          id: intentId,
          object: 'setup_intent',
          customer: body.customer,
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_stub`,
          payment_method: null,
          usage: body.usage ?? 'off_session',
          metadata: body.metadata ?? {},
        });
      }
      case 'GET payment_methods': {
        const found = [...objects.values()].filter(
          (object) => object.object === 'payment_method' && object.customer === query.customer,
        );
        return list(found, '/v1/payment_methods');
      }
      case 'GET payment_methods/:id':
        return get(id, 'payment_method');
      case 'POST payment_methods/:id/detach': {
        const method = get(id, 'payment_method');
        if (method) method.customer = null;
        return method;
      }
      case 'GET invoices/:id':
        return get(id, 'invoice');
      case 'GET invoices': {
        const created = (query.created ?? {}) as { gte?: string; lt?: string };
        const found = [...objects.values()].filter((object) => {
          if (object.object !== 'invoice') return false;
          const parent = object.parent as { subscription_details: { subscription: string } };
          if (query.subscription && parent.subscription_details.subscription !== query.subscription) return false;
          if (created.gte && Number(object.created) < Number(created.gte)) return false;
          if (created.lt && Number(object.created) >= Number(created.lt)) return false;
          return true;
        });
        return list(found, '/v1/invoices');
      }
      default:
        return undefined;
    }
  }

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const query = parseForm(url.search.slice(1));
      const body = parseForm(text);
      const recorded = { method: req.method ?? 'GET', path: url.pathname, query, body };
      requests.push(recorded);
      const answer = route(recorded.method, url.pathname, query, body);
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Request-Id', `req_stub_${requests.length}`);
      if (!answer) {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such resource: ${url.pathname}`,
            },
          }),
        );
        return;
      }
      if (answer === NOT_OPEN) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status of `open` can be expired.',
            },
          }),
        );
        return;
      }
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const secretKey = 'sk_test_stub';
  const webhookSecret = 'whsec_stub_secret';
  const signer = new Stripe(secretKey);

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    objects,
    now: clockNow,
    setNow: (epochSeconds) => {
      movedTo = epochSeconds;
    },
    completeCheckout(sessionId, { paymentStatus = 'paid' } = {}) {
      const session = get(sessionId, 'checkout.session');
      if (!session) throw new Error(`No such session ${sessionId}`);
      const customerId = session.customer as string;
      const card = newCard(customerId);
      if (session.mode === 'setup') {
        const intent = put({
          id: nextId('seti'),
          object: 'setup_intent',
          customer: customerId,
          status: 'succeeded',
          client_secret: 'seti_secret',
          payment_method: card.id,
        });
        Object.assign(session, { status: 'complete', setup_intent: intent.id });
        return session;
      }
      const subscription = put({
        id: nextId('sub'),
        object: 'subscription',
        customer: customerId,
        status: paymentStatus === 'paid' ? 'active' : 'incomplete',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: clockNow(),
        default_payment_method: card.id,
        latest_invoice: null,
        metadata: session.subscription_metadata,
        items: list(
          [
            {
              id: nextId('si'),
              object: 'subscription_item',
              quantity: session.quantity,
              current_period_start: clockNow(),
              current_period_end: monthLater(clockNow()),
              price: { id: 'price_inline', unit_amount: 200, recurring: { interval: 'month' } },
            },
          ],
          '/v1/subscription_items',
        ),
      });
      newInvoice(subscription, {
        status: paymentStatus === 'paid' ? 'paid' : 'open',
        attempted: paymentStatus === 'paid',
      });
      Object.assign(session, { status: 'complete', payment_status: paymentStatus, subscription: subscription.id });
      return session;
    },
    attachCard: (customerId, last4) => newCard(customerId, last4),
    createInvoice(subscriptionId, fields) {
      const subscription = get(subscriptionId, 'subscription');
      if (!subscription) throw new Error(`No such subscription ${subscriptionId}`);
      return newInvoice(subscription, fields);
    },
    event(type, object, { id = nextId('evt'), created = clockNow(), secret = webhookSecret } = {}) {
      const body = JSON.stringify({
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: JSON.parse(JSON.stringify(object)) },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret });
      return { id, body, signature };
    },
    requestsTo: (method, pathPrefix) =>
      requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
