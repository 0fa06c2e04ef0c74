import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSessions, subscriptions, users } from '../../db/schema';
import {
  type CheckoutRequest,
  PaymentProviderError,
  type PriceSpec,
  WebhookSignatureError,
} from '../../infra/payments';
import { type StripeOptions, stripePayments } from '../../infra/payments-stripe';
import { WEBHOOK_URL } from '../../modules/checkout/routes';
import { buildProduct, signedIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';

// ---------------------------------------------------------------------------------------------------------
// A local server that plays Stripe's API (v1, form-encoded requests, JSON answers, Stripe-style errors).
// ---------------------------------------------------------------------------------------------------------

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body, decoded: bracket keys as Stripe receives them (line_items[0][price] ...). */
  params: Record<string, string>;
}
interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const SECRET_KEY = 'sk_test_51FakeKeyForTheLocalStripe';
const WEBHOOK_SECRET = 'whsec_test_local_fake_secret';
const unix = () => Math.floor(Date.now() / 1000);

const stripeError = (
  status: number,
  type: string,
  message: string,
  extra: Record<string, string> = {},
): Reply => ({
  status,
  body: { error: { type, message, ...extra } },
});

class FakeStripe {
  requests: Recorded[] = [];
  /** Answers for the next requests, in order, before the normal routes. */
  queued: Array<Reply | 'hang-up'> = [];
  prices = new Map<string, { type: 'recurring' | 'one_time' }>();
  customers = new Set<string>();
  subscriptions = new Map<string, { status: string; cancel_at_period_end: boolean; customer: string }>();
  sessions = new Map<string, 'open' | 'complete' | 'expired'>();
  private seq = 0;
  private server = http.createServer((req, res) => this.handle(req, res));
  port = 0;

  async start() {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
  }
  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
  reset() {
    this.requests = [];
    this.queued = [];
  }
  options(over: Partial<StripeOptions> = {}): StripeOptions {
    return {
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: this.port,
      protocol: 'http',
      ...over,
    };
  }
  id(prefix: string) {
    return `${prefix}_fake${++this.seq}`;
  }
  /** Makes a renewing subscription exist at the fake, as a paid Checkout would. */
  addSubscription(customer = 'cus_fake_x') {
    const id = this.id('sub');
    this.subscriptions.set(id, { status: 'active', cancel_at_period_end: false, customer });
    return id;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = req.method === 'GET' ? url.searchParams : new URLSearchParams(raw);
      const params: Record<string, string> = {};
      for (const [k, v] of form) {
        if (k in params) throw new Error(`Repeated form key ${k}`);
        params[k] = v;
      }
      const r: Recorded = { method: req.method!, path: url.pathname, headers: req.headers, params };
      this.requests.push(r);
      const next = this.queued.shift();
      if (next === 'hang-up') {
        req.socket.destroy();
        return;
      }
      const reply = next ?? this.route(r);
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_fake${this.seq++}`,
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.body));
    });
  }

  /** Stripe's answers, with the checks Stripe makes that an adapter can get wrong. */
  private route(r: Recorded): Reply {
    const p = r.params;
    if (r.headers.authorization !== `Bearer ${SECRET_KEY}`)
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****');
    const missing = (name: string) =>
      stripeError(400, 'invalid_request_error', `Missing required param: ${name}.`, {
        code: 'parameter_missing',
        param: name,
      });
    if (r.method === 'POST' && r.path === '/v1/customers') {
      const id = this.id('cus');
      this.customers.add(id);
      return {
        status: 200,
        body: { id, object: 'customer', email: p.email ?? null, name: p.name ?? null, created: unix() },
      };
    }
    if (r.method === 'POST' && r.path === '/v1/prices') {
      if (!p.currency) return missing('currency');
      if (!p.product && !p['product_data[name]']) return missing('product');
      if (!/^\d+$/.test(p.unit_amount ?? '')) return missing('unit_amount');
      const recurring = p['recurring[interval]'];
      if (recurring && !['day', 'week', 'month', 'year'].includes(recurring))
        return stripeError(400, 'invalid_request_error', 'Invalid recurring[interval]', {
          param: 'recurring[interval]',
        });
      const id = this.id('price');
      const type = recurring ? 'recurring' : 'one_time';
      this.prices.set(id, { type });
      return {
        status: 200,
        body: {
          id,
          object: 'price',
          active: true,
          currency: p.currency,
          unit_amount: Number(p.unit_amount),
          product: this.id('prod'),
          type,
          recurring: recurring
            ? { interval: recurring, interval_count: Number(p['recurring[interval_count]'] ?? 1) }
            : null,
        },
      };
    }
    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') {
      if (!['payment', 'subscription', 'setup'].includes(p.mode ?? '')) return missing('mode');
      if (!p.success_url) return missing('success_url');
      if (p.customer && p.customer_email)
        return stripeError(
          400,
          'invalid_request_error',
          'You may only specify one of these parameters: customer, customer_email.',
        );
      if (p.customer && !this.customers.has(p.customer))
        return stripeError(400, 'invalid_request_error', `No such customer: '${p.customer}'`, {
          code: 'resource_missing',
          param: 'customer',
        });
      const priceId = p['line_items[0][price]'];
      const price = priceId ? this.prices.get(priceId) : undefined;
      if (!price)
        return stripeError(400, 'invalid_request_error', `No such price: '${priceId}'`, {
          code: 'resource_missing',
          param: 'line_items[0][price]',
        });
      if (p.mode === 'subscription' && price.type !== 'recurring')
        return stripeError(
          400,
          'invalid_request_error',
          'You must provide at least one recurring price in `subscription` mode when using prices.',
        );
      if (p.mode === 'payment' && price.type === 'recurring')
        return stripeError(
          400,
          'invalid_request_error',
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        );
      if (p.mode !== 'subscription' && Object.keys(p).some((k) => k.startsWith('subscription_data')))
        return stripeError(
          400,
          'invalid_request_error',
          'You can not pass `subscription_data` in `payment` mode.',
          {
            param: 'subscription_data',
          },
        );
      const id = `cs_test_${this.id('a')}`;
      this.sessions.set(id, 'open');
      const metadata = Object.fromEntries(
        Object.entries(p)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
      );
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: p.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: p.customer ?? null,
          client_reference_id: p.client_reference_id ?? null,
          success_url: p.success_url,
          cancel_url: p.cancel_url ?? null,
          metadata,
          subscription: null,
          url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
          expires_at: unix() + 24 * 3600,
        },
      };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(r.path);
    if (r.method === 'POST' && expire) {
      const id = decodeURIComponent(expire[1]!);
      const status = this.sessions.get(id);
      if (!status)
        return stripeError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, {
          code: 'resource_missing',
          param: 'session',
        });
      if (status !== 'open')
        return stripeError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${status}".`,
        );
      this.sessions.set(id, 'expired');
      return { status: 200, body: { id, object: 'checkout.session', status: 'expired' } };
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(r.path);
    const subscriptionBody = (s: { status: string; cancel_at_period_end: boolean; customer: string }) => ({
      id: sub![1],
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancel_at_period_end,
      items: { object: 'list', data: [{ current_period_end: unix() + 30 * 86400 }] },
    });
    if (sub && !this.subscriptions.has(decodeURIComponent(sub[1]!)))
      return stripeError(404, 'invalid_request_error', `No such subscription: '${sub[1]}'`, {
        code: 'resource_missing',
        param: 'id',
      });
    if (r.method === 'GET' && sub)
      return { status: 200, body: subscriptionBody(this.subscriptions.get(decodeURIComponent(sub[1]!))!) };
    if (r.method === 'POST' && sub) {
      const s = this.subscriptions.get(decodeURIComponent(sub[1]!))!;
      if (s.status === 'canceled')
        return stripeError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      if ('cancel_at_period_end' in p) s.cancel_at_period_end = p.cancel_at_period_end === 'true';
      return { status: 200, body: subscriptionBody(s) };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${r.method}: ${r.path}).`);
  }
}

const fake = new FakeStripe();
beforeAll(() => fake.start());
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const payments = () => stripePayments(fake.options());
const only = () => {
  expect(fake.requests).toHaveLength(1);
  return fake.requests[0]!;
};

const spec = (over: Partial<PriceSpec> = {}): PriceSpec => ({
  productName: 'USMLE Step 1',
  planName: 'Monthly',
  amountCents: 4900,
  frequencyType: 'MONTHLY',
  recurring: true,
  ...over,
});

// ---------------------------------------------------------------------------------------------------------

describe('Stripe adapter: requests and answers', () => {
  it('createCustomer posts the email and name with the secret key, an idempotency key and the API version', async () => {
    const id = await payments().createCustomer({ email: 'ann@example.com', name: 'Ann Lee' });
    expect(id).toMatch(/^cus_fake\d+$/);
    const r = only();
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v1/customers');
    expect(r.params).toEqual({ email: 'ann@example.com', name: 'Ann Lee' });
    expect(r.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(r.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(r.headers['idempotency-key']).toMatch(/^stripe-node-retry-[0-9a-f-]{36}$/);
    expect(r.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}\./);
    expect(r.headers['user-agent']).toContain('QBank Cloud');
  });

  it('every call has its own idempotency key', async () => {
    const p = payments();
    await p.createCustomer({ email: 'a@example.com', name: 'A' });
    await p.createCustomer({ email: 'a@example.com', name: 'A' });
    const [a, b] = fake.requests.map((r) => r.headers['idempotency-key']);
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it.each([
    ['MONTHLY', 'month', '1'],
    ['QUARTERLY', 'month', '3'],
    ['HALF_YEARLY', 'month', '6'],
    ['YEARLY', 'year', '1'],
  ] as const)(
    'createPrice for a renewing %s plan: recurring %s × %s',
    async (frequencyType, interval, count) => {
      const id = await payments().createPrice(spec({ frequencyType, amountCents: 14900 }));
      expect(id).toMatch(/^price_fake\d+$/);
      expect(fake.prices.get(id)).toEqual({ type: 'recurring' });
      const r = only();
      expect(r.path).toBe('/v1/prices');
      expect(r.params).toEqual({
        currency: 'usd',
        unit_amount: '14900',
        'product_data[name]': 'USMLE Step 1: Monthly',
        'recurring[interval]': interval,
        'recurring[interval_count]': count,
      });
    },
  );

  it('createPrice for a one-time plan (no auto-renew, or a lifetime plan) has no recurring part', async () => {
    for (const s of [
      spec({ recurring: false, frequencyType: 'YEARLY', planName: '1 year' }),
      spec({ recurring: false, frequencyType: 'INDEFINITE', planName: 'Lifetime', amountCents: 30000 }),
    ]) {
      const id = await payments().createPrice(s);
      expect(fake.prices.get(id)).toEqual({ type: 'one_time' });
    }
    expect(fake.requests.map((r) => r.params)).toEqual([
      { currency: 'usd', unit_amount: '4900', 'product_data[name]': 'USMLE Step 1: 1 year' },
      { currency: 'usd', unit_amount: '30000', 'product_data[name]': 'USMLE Step 1: Lifetime' },
    ]);
  });

  it('a renewing INDEFINITE price is refused before any request', async () => {
    await expect(payments().createPrice(spec({ frequencyType: 'INDEFINITE' }))).rejects.toThrow(
      /cannot renew/,
    );
    expect(fake.requests).toHaveLength(0);
  });

  async function checkoutFor(recurring: boolean) {
    const p = payments();
    const customerId = await p.createCustomer({ email: 'bo@example.com', name: 'Bo' });
    const price = spec({ recurring });
    const priceId = await p.createPrice(price);
    fake.reset();
    const req: CheckoutRequest = {
      customerId,
      customerEmail: 'bo@example.com',
      priceId,
      price,
      successUrl: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/store/products/p-1',
      metadata: { userId: 'u-1', productId: 'p-1', billingPlanId: 'bp-1', tokenId: 'partner-7' },
    };
    const session = await p.createCheckoutSession(req);
    return { session, customerId, priceId, r: only() };
  }

  it('createCheckoutSession for a renewing plan: subscription mode, metadata on the session and subscription', async () => {
    const { session, customerId, priceId, r } = await checkoutFor(true);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`);
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v1/checkout/sessions');
    expect(r.headers['idempotency-key']).toMatch(/^stripe-node-retry-/);
    expect(r.params).toEqual({
      mode: 'subscription',
      customer: customerId,
      'line_items[0][price]': priceId,
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/store/products/p-1',
      client_reference_id: 'u-1',
      'metadata[userId]': 'u-1',
      'metadata[productId]': 'p-1',
      'metadata[billingPlanId]': 'bp-1',
      'metadata[tokenId]': 'partner-7',
      'subscription_data[metadata][userId]': 'u-1',
      'subscription_data[metadata][productId]': 'p-1',
      'subscription_data[metadata][billingPlanId]': 'bp-1',
      'subscription_data[metadata][tokenId]': 'partner-7',
    });
  });

  it('a renewing purchase over access already paid for starts with a trial that ends with that access', async () => {
    const p = payments();
    const customerId = await p.createCustomer({ email: 'bo@example.com', name: 'Bo' });
    const price = spec({ recurring: true });
    const priceId = await p.createPrice(price);
    fake.reset();
    const trialEnd = new Date('2031-05-06T07:08:09.500Z');
    await p.createCheckoutSession({
      customerId,
      customerEmail: 'bo@example.com',
      priceId,
      price,
      successUrl: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/account',
      metadata: { userId: 'u-1', productId: 'p-1', billingPlanId: 'bp-1' },
      trialEnd,
    });
    expect(only().params).toMatchObject({
      mode: 'subscription',
      'subscription_data[trial_end]': String(Math.floor(trialEnd.getTime() / 1000)),
      cancel_url: 'http://localhost:3000/account',
    });
  });

  it('expireCheckoutSession closes an open session; one already closed or unknown is left alone', async () => {
    const { session } = await checkoutFor(true);
    fake.reset();
    const p = payments();
    await p.expireCheckoutSession(session.id);
    expect(fake.sessions.get(session.id)).toBe('expired');
    await p.expireCheckoutSession(session.id); // 400: not open any more
    await p.expireCheckoutSession('cs_test_unknown'); // 404
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', `/v1/checkout/sessions/${session.id}/expire`],
      ['POST', `/v1/checkout/sessions/${session.id}/expire`],
      ['POST', '/v1/checkout/sessions/cs_test_unknown/expire'],
    ]);
  });

  it('createCheckoutSession for a one-time plan: payment mode, no subscription_data', async () => {
    const { session, customerId, priceId, r } = await checkoutFor(false);
    expect(session.url).toContain(session.id);
    const subscriptionKeys = Object.keys(r.params).filter((k) => k.startsWith('subscription_data'));
    expect(subscriptionKeys).toEqual([]);
    expect(r.params).toMatchObject({
      mode: 'payment',
      customer: customerId,
      'line_items[0][price]': priceId,
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/store/products/p-1',
      client_reference_id: 'u-1',
      'metadata[userId]': 'u-1',
      'metadata[billingPlanId]': 'bp-1',
    });
    expect(r.params).not.toHaveProperty('customer_email');
  });

  it('a checkout session answered without a URL is an error, not a redirect to nowhere', async () => {
    fake.queued.push({
      status: 200,
      body: { id: 'cs_test_embedded', object: 'checkout.session', url: null },
    });
    await expect(
      payments().createCheckoutSession({
        customerId: 'cus_x',
        customerEmail: 'x@example.com',
        priceId: 'price_x',
        price: spec(),
        successUrl: 'http://localhost:3000/ok',
        cancelUrl: 'http://localhost:3000/no',
        metadata: { userId: 'u' },
      }),
    ).rejects.toThrow(/without a URL/);
  });

  it('setAutoRenew off and on updates cancel_at_period_end on the subscription', async () => {
    const id = fake.addSubscription();
    const p = payments();
    await p.setAutoRenew(id, false);
    expect(fake.subscriptions.get(id)!.cancel_at_period_end).toBe(true);
    await p.setAutoRenew(id, true);
    expect(fake.subscriptions.get(id)!.cancel_at_period_end).toBe(false);
    expect(fake.requests.map((r) => [r.method, r.path, r.params])).toEqual([
      ['POST', `/v1/subscriptions/${id}`, { cancel_at_period_end: 'true' }],
      ['POST', `/v1/subscriptions/${id}`, { cancel_at_period_end: 'false' }],
    ]);
  });

  it('retrieveSubscription reads the subscription as it is now; an id Stripe does not know is null', async () => {
    const id = fake.addSubscription('cus_fake_r');
    const p = payments();
    await p.setAutoRenew(id, false);
    expect(await p.retrieveSubscription(id)).toMatchObject({
      id,
      object: 'subscription',
      customer: 'cus_fake_r',
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(await p.retrieveSubscription('sub_missing')).toBeNull();
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', `/v1/subscriptions/${id}`],
      ['GET', `/v1/subscriptions/${id}`],
      ['GET', '/v1/subscriptions/sub_missing'],
    ]);
  });
});

describe('Stripe adapter: errors', () => {
  async function failure(fn: () => Promise<unknown>) {
    try {
      await fn();
    } catch (err) {
      return err as PaymentProviderError;
    }
    throw new Error('expected a rejection');
  }
  const customer = (p = payments()) => p.createCustomer({ email: 'c@example.com', name: 'C' });

  it("a card error (402) surfaces with Stripe's message and type, without a retry and without an HTTP status of ours", async () => {
    fake.queued.push(
      stripeError(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
      }),
    );
    const err = await failure(() => customer());
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err.message).toMatch(
      /^Stripe could not create the customer: Your card was declined\. \(card_error, 402, req_fake\d+\)$/,
    );
    expect(err.details).toMatchObject({ type: 'card_error', code: 'card_declined', providerStatus: 402 });
    expect(err.details.requestId).toMatch(/^req_fake/);
    expect(err.cause).toBeInstanceOf(Stripe.errors.StripeCardError);
    // Our error handler answers an error's own statusCode: Stripe's must not become the browser's.
    expect(err).not.toHaveProperty('statusCode');
    expect(fake.requests).toHaveLength(1);
  });

  it('an invalid request (400, a price Stripe does not know) names the parameter; no retry', async () => {
    const err = await failure(() =>
      payments().createCheckoutSession({
        customerId: 'cus_unknown',
        customerEmail: 'x@example.com',
        priceId: 'price_gone',
        price: spec(),
        successUrl: 'http://localhost:3000/ok',
        cancelUrl: 'http://localhost:3000/no',
        metadata: { userId: 'u' },
      }),
    );
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err.message).toContain("Stripe could not start the checkout: No such customer: 'cus_unknown'");
    expect(err.details).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'customer',
      providerStatus: 400,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('a bad API key (401) is a provider error, not a 401 for our caller', async () => {
    const err = await failure(() => customer(stripePayments(fake.options({ secretKey: 'sk_test_wrong' }))));
    expect(err.details).toMatchObject({ type: 'invalid_request_error', providerStatus: 401 });
    expect(err).not.toHaveProperty('statusCode');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk_test_wrong');
  });

  it('an unknown or ended subscription (404, 400) fails setAutoRenew', async () => {
    const p = payments();
    expect((await failure(() => p.setAutoRenew('sub_missing', false))).message).toMatch(
      /^Stripe could not turn auto-renew off: No such subscription: 'sub_missing' \(invalid_request_error, 404/,
    );
    const id = fake.addSubscription();
    fake.subscriptions.get(id)!.status = 'canceled';
    expect((await failure(() => p.setAutoRenew(id, true))).message).toMatch(
      /^Stripe could not turn auto-renew on: A canceled subscription can only update/,
    );
  });

  it('a 500 is retried twice with the same idempotency key, then surfaced', async () => {
    for (let i = 0; i < 3; i++)
      fake.queued.push(stripeError(500, 'api_error', "Something went wrong on Stripe's end."));
    const err = await failure(() => customer());
    expect(err.details).toMatchObject({ type: 'api_error', providerStatus: 500 });
    expect(fake.requests).toHaveLength(3);
    const keys = new Set(fake.requests.map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^stripe-node-retry-/);
  });

  it('a 500 then a success: the retry answers, with the same idempotency key (no second customer)', async () => {
    fake.queued.push(stripeError(500, 'api_error', "Something went wrong on Stripe's end."));
    const id = await customer();
    expect(id).toMatch(/^cus_fake/);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.headers['idempotency-key']).toBe(fake.requests[0]!.headers['idempotency-key']);
    expect(fake.requests[1]!.params).toEqual(fake.requests[0]!.params);
  });

  it('Stripe-Should-Retry: false stops the retries of a 500', async () => {
    fake.queued.push({
      ...stripeError(500, 'api_error', 'Idempotent replay of a failed request.'),
      headers: { 'stripe-should-retry': 'false' },
    });
    await failure(() => customer());
    expect(fake.requests).toHaveLength(1);
  });

  it('a dropped connection is retried; a server that never answers is a clear connection error', async () => {
    fake.queued.push('hang-up');
    expect(await customer()).toMatch(/^cus_fake/);
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await failure(() => customer(stripePayments(fake.options({ port }))));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err.message).toMatch(
      /^Stripe could not create the customer: An error occurred with our connection to Stripe/,
    );
    expect(err.details.providerStatus).toBeUndefined();
  });

  it('a secret key pasted with its line end still works', async () => {
    const id = await customer(stripePayments(fake.options({ secretKey: `${SECRET_KEY}\n` })));
    expect(id).toMatch(/^cus_fake/);
    expect(only().headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });
});

describe('Stripe adapter: webhook signatures', () => {
  const signer = new Stripe('sk_test_x');
  const event = {
    id: 'evt_1QbFake',
    object: 'event',
    type: 'checkout.session.completed',
    created: unix(),
    data: {
      object: {
        id: 'cs_test_a1',
        object: 'checkout.session',
        payment_status: 'paid',
        customer: 'cus_1',
        metadata: { userId: 'u-1', note: 'Zoë — naïve ✓' },
      },
    },
  };
  const payload = JSON.stringify(event);
  const sign = (body: string, over: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, ...over });
  async function rejection(body: string, signature: string | undefined, p = payments()) {
    try {
      await p.verifyWebhook(Buffer.from(body), signature);
    } catch (err) {
      expect(err).toBeInstanceOf(WebhookSignatureError);
      return (err as Error).message;
    }
    throw new Error('expected the signature to be refused');
  }

  it('accepts a payload signed with the endpoint secret (raw bytes, non-ASCII included) and answers the event', async () => {
    const got = await payments().verifyWebhook(Buffer.from(payload, 'utf8'), sign(payload));
    expect(got).toEqual(event);
    // The secret from an env file with its line end works too.
    const trailing = stripePayments(fake.options({ webhookSecret: `${WEBHOOK_SECRET}\r\n` }));
    expect(await trailing.verifyWebhook(Buffer.from(payload), sign(payload))).toEqual(event);
    expect(fake.requests).toHaveLength(0); // verification is local: no API call
  });

  it('accepts a header with several v1 signatures when one matches (secret rotation)', async () => {
    const t = unix();
    const other = sign(payload, { secret: 'whsec_old', timestamp: t }).split(',v1=')[1];
    const good = sign(payload, { timestamp: t }).split(',v1=')[1];
    const got = await payments().verifyWebhook(Buffer.from(payload), `t=${t},v1=${other},v1=${good}`);
    expect(got.id).toBe(event.id);
  });

  it('rejects a tampered body, with a one-line reason', async () => {
    const header = sign(payload);
    const tampered = payload.replace('"paid"', '"unpaid"');
    expect(tampered).not.toBe(payload);
    const message = await rejection(tampered, header);
    expect(message).toBe(
      'No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?',
    );
    // Re-serialising the parsed JSON (spacing) is tampering too.
    await rejection(JSON.stringify(event, null, 2), header);
  });

  it('rejects a signature made with another secret', async () => {
    await rejection(payload, sign(payload, { secret: 'whsec_someone_else' }));
  });

  it('rejects an old timestamp (beyond five minutes); accepts one within', async () => {
    expect(await rejection(payload, sign(payload, { timestamp: unix() - 301 }))).toBe(
      'Timestamp outside the tolerance zone',
    );
    const recent = await payments().verifyWebhook(
      Buffer.from(payload),
      sign(payload, { timestamp: unix() - 200 }),
    );
    expect(recent.id).toBe(event.id);
  });

  it('rejects a missing or malformed header', async () => {
    expect(await rejection(payload, undefined)).toBe('The Stripe-Signature header is missing');
    expect(await rejection(payload, 'nonsense')).toMatch(/Unable to extract timestamp and signatures/);
    const t = unix();
    expect(await rejection(payload, `t=${t},v0=${'0'.repeat(64)}`)).toMatch(
      /Unable to extract|No signatures/,
    );
  });
});

describe('end to end: the app on the Stripe provider, pointed at the fake', () => {
  let t: TestApp;
  const signer = new Stripe('sk_test_x');
  beforeAll(async () => {
    t = await createTestApp({ payments: stripePayments(fake.options()) });
  });
  afterAll(() => t?.close());

  const deliver = (payload: string, signature: string) =>
    t.client().req({
      method: 'POST',
      url: WEBHOOK_URL,
      raw: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  /** An admin makes a renewing yearly plan; the app asks the fake for a price. */
  async function renewingPlan() {
    const product = await buildProduct(t.deps.db);
    const admin = await signedIn(t, { user: { superuser: true, firstName: 'Ann', lastName: 'Lee' } });
    const res = await admin.req({
      method: 'POST',
      url: `/api/v2/products/${product.id}/billingPlans`,
      json: {
        planName: '1 year',
        price: 149,
        frequencyType: 'YEARLY',
        autoRenewForSubscription: true,
        billingPlanType: 'PUBLIC',
        active: true,
        autoCreateStripePrice: true,
      },
    });
    expect(res.status).toBe(201);
    return { product, plan: res.body as { uuid: string; stripePriceId: string } };
  }

  it('plan → price at Stripe; checkout → the session URL; signed event → access; cancel/reactivate → Stripe', async () => {
    expect(t.deps.payments.kind).toBe('stripe');
    const { product, plan } = await renewingPlan();
    expect(plan.stripePriceId).toMatch(/^price_fake/);
    const priceReq = fake.requests.find((r) => r.path === '/v1/prices')!;
    expect(priceReq.params).toMatchObject({
      unit_amount: '14900',
      'recurring[interval]': 'year',
      'recurring[interval_count]': '1',
      'product_data[name]': `${product.name}: 1 year`,
    });

    fake.reset();
    const c = await signedIn(t, { user: { firstName: 'Ann', lastName: 'Lee' } });
    const u = c.user;
    const res = await c.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: plan.stripePriceId, tokenId: 'partner-7' },
    });
    expect(res.status).toBe(200);
    const { redirectUrl } = res.body;
    expect(redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/checkout/sessions',
    ]);
    const [customerReq, sessionReq] = fake.requests;
    expect(customerReq!.params).toEqual({ email: u.email, name: 'Ann Lee' });
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
    expect(user!.stripeCustomerId).toMatch(/^cus_fake/);
    expect(sessionReq!.params).toMatchObject({
      mode: 'subscription',
      customer: user!.stripeCustomerId,
      'line_items[0][price]': plan.stripePriceId,
      success_url: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: `http://localhost:3000/store/products/${product.id}`,
      client_reference_id: u.id,
      'metadata[userId]': u.id,
      'metadata[productId]': product.id,
      'metadata[billingPlanId]': plan.uuid,
      'metadata[tokenId]': 'partner-7',
      'subscription_data[metadata][billingPlanId]': plan.uuid,
    });
    const sessionId = new URL(redirectUrl).pathname.split('/').pop()!;
    const [record] = await t.deps.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    expect(record).toMatchObject({ provider: 'stripe', userId: u.id, status: 'open', tokenId: 'partner-7' });

    // Stripe tells us the payment went through, with a signed event.
    const subId = fake.addSubscription(user!.stripeCustomerId!);
    const payload = JSON.stringify({
      id: 'evt_e2e_completed',
      object: 'event',
      type: 'checkout.session.completed',
      created: unix(),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          status: 'complete',
          customer: user!.stripeCustomerId,
          subscription: subId,
          metadata: { userId: u.id, productId: product.id, billingPlanId: plan.uuid },
        },
      },
    });
    const forged = await deliver(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' }),
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^Webhook signature check failed: No signatures found/);
    const ok = await deliver(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true, duplicate: false });
    const [sub] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    expect(sub).toMatchObject({ active: true, autoRenew: true, providerSubscriptionId: subId });
    expect((await c.req({ url: `/api/v2/checkoutSessions/${sessionId}` })).body).toMatchObject({
      status: 'complete',
      subscriptionActive: true,
    });

    // Cancel and reactivate go to Stripe as cancel_at_period_end.
    fake.reset();
    const base = `/api/v2/users/${u.id}/subscriptions/${sub!.id}`;
    const canceled = await c.req({ method: 'DELETE', url: `${base}/cancel` });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ autoRenew: false, active: true });
    expect(fake.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    const re = await c.req({ method: 'PATCH', url: `${base}/reactivate` });
    expect(re.body).toMatchObject({ autoRenew: true, active: true });
    expect(fake.requests.map((r) => [r.path, r.params])).toEqual([
      [`/v1/subscriptions/${subId}`, { cancel_at_period_end: 'true' }],
      [`/v1/subscriptions/${subId}`, { cancel_at_period_end: 'false' }],
    ]);

    // Stripe's two events for those changes carry the same second and arrive the wrong way round: the
    // reactivation's first, then the cancellation's. The subscription as Stripe has it now decides.
    const updated = (n: number, cancelAtPeriodEnd: boolean, created: number) =>
      JSON.stringify({
        id: `evt_e2e_updated_${n}`,
        object: 'event',
        type: 'customer.subscription.updated',
        created,
        data: {
          object: {
            id: subId,
            object: 'subscription',
            customer: user!.stripeCustomerId,
            status: 'active',
            cancel_at_period_end: cancelAtPeriodEnd,
            items: { object: 'list', data: [{ current_period_end: unix() + 30 * 86400 }] },
          },
        },
      });
    const second = unix();
    for (const event of [updated(2, false, second), updated(1, true, second)]) {
      const r = await deliver(
        event,
        signer.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET }),
      );
      expect(r.status).toBe(200);
    }
    const [after] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(after).toMatchObject({ active: true, autoRenew: true });
    expect(fake.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      `/v1/subscriptions/${subId}`,
      `/v1/subscriptions/${subId}`,
    ]);
  });

  it("Stripe's own errors answer a 500 of ours, not Stripe's status and message", async () => {
    const { plan } = await renewingPlan();
    const c = await signedIn(t, { user: { firstName: 'Ann', lastName: 'Lee' } });
    const u = c.user;
    fake.reset();
    // Our key was revoked: Stripe answers 401. The buyer is still signed in with us.
    fake.queued.push(stripeError(401, 'authentication_error', 'Invalid API Key provided: sk_test_****Fake'));
    const res = await c.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: plan.stripePriceId },
    });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'INTERNAL' });
    expect(res.body.message).not.toContain('API Key');
    expect((await c.req({ url: `/api/v2/users/${u.id}/subscriptions` })).status).toBe(200);

    // Stripe refuses the checkout (a price it does not know): still ours to fix, not the buyer's request.
    fake.reset();
    await t.deps.db.update(users).set({ stripeCustomerId: null }).where(eq(users.id, u.id));
    fake.prices.delete(plan.stripePriceId);
    const refused = await c.req({
      method: 'POST',
      url: '/api/v2/createCheckoutSession',
      json: { priceId: plan.stripePriceId },
    });
    expect(refused.status).toBe(500);
    expect(refused.body.message).not.toContain('No such price');
    expect(fake.requests.map((r) => `${r.path} ${r.headers['idempotency-key'] ? 'keyed' : ''}`)).toEqual([
      '/v1/customers keyed',
      '/v1/checkout/sessions keyed',
    ]);
    expect(await t.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, u.id))).toEqual(
      [],
    );
  });
});
