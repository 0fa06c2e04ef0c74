import { z } from 'zod';
import { contactMessageBody } from '../contact';
import {
  checkoutSessionBody,
  checkoutStatus,
  localCheckout,
  localPayBody,
  redirectResponse,
  subscribeBody,
  subscriptionDetail,
  subscriptionParams,
  userIdParams,
} from '../subscriptions';
import { textField } from '../text';
import { endpoint } from './endpoint';

/** A user's subscriptions: list, join a free plan, cancel and reactivate (SPEC §7). */
export const subscriptionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/users/:userId/subscriptions',
    summary: "A user's subscriptions with plan and renewal date",
    tags: ['subscriptions'],
    access: 'user',
    params: userIdParams,
    response: z.array(subscriptionDetail),
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/v2/users/:userId/subscriptions',
    summary: 'Subscribe to a free plan (reactivates an inactive subscription to the product)',
    tags: ['subscriptions'],
    access: 'user',
    params: userIdParams,
    body: subscribeBody,
    response: subscriptionDetail,
    status: 201,
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/v2/users/:userId/subscriptions/:subId/cancel',
    summary: 'Cancel: auto-renew off for a paid subscription, end a free one',
    tags: ['subscriptions'],
    access: 'user',
    params: subscriptionParams,
    response: subscriptionDetail,
  }),
  reactivate: endpoint({
    method: 'PATCH',
    path: '/api/v2/users/:userId/subscriptions/:subId/reactivate',
    summary: 'Reactivate: auto-renew on again, or a free subscription active again',
    tags: ['subscriptions'],
    access: 'user',
    params: subscriptionParams,
    response: subscriptionDetail,
  }),
};

export const checkoutSessionParams = z.object({
  sessionId: textField('sessionId')
    .min(1, { error: 'sessionId is required' })
    .max(200, { error: 'sessionId must be at most 200 characters' }),
});
export const WEBHOOK_PATH = '/api/v2/webhooks/stripe';

/** Checkout at the payment provider, its webhook, and the built-in test checkout's own calls. */
export const checkoutApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/v2/createCheckoutSession',
    summary: "Start the payment provider's checkout for a paid plan; answers the URL to go to",
    tags: ['checkout'],
    access: 'user',
    body: checkoutSessionBody,
    response: redirectResponse,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/v2/checkoutSessions/:sessionId',
    summary: "One of the caller's checkouts: whether its payment has granted the subscription",
    tags: ['checkout'],
    access: 'user',
    params: checkoutSessionParams,
    response: checkoutStatus,
  }),
  webhook: endpoint({
    method: 'POST',
    path: WEBHOOK_PATH,
    summary: 'Payment provider events (Stripe-Signature header over the raw body)',
    tags: ['checkout'],
    access: 'webhook',
    bodyType: 'raw',
    response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  }),
  localSession: endpoint({
    method: 'GET',
    path: '/api/v2/localCheckout/:sessionId',
    summary: 'The embedded test provider: a checkout session to show',
    tags: ['local checkout'],
    access: 'user',
    params: checkoutSessionParams,
    response: localCheckout,
  }),
  localPay: endpoint({
    method: 'POST',
    path: '/api/v2/localCheckout/:sessionId/pay',
    summary: 'The embedded test provider: pay (or decline) with the test card',
    tags: ['local checkout'],
    access: 'user',
    params: checkoutSessionParams,
    body: localPayBody,
    response: redirectResponse,
  }),
  localCancel: endpoint({
    method: 'POST',
    path: '/api/v2/localCheckout/:sessionId/cancel',
    summary: 'The embedded test provider: leave the checkout without paying',
    tags: ['local checkout'],
    access: 'user',
    params: checkoutSessionParams,
    response: redirectResponse,
  }),
};

/** SPEC §7 POST contact, with the Body-Hash header. */
export const contactApi = {
  send: endpoint({
    method: 'POST',
    path: '/api/v2/contact',
    summary: 'Send a contact message (header Body-Hash: SHA-256 hex of description)',
    tags: ['contact'],
    access: 'public',
    body: contactMessageBody,
    response: z.object({ uuid: z.string() }),
    status: 201,
  }),
};

/** The service's own: a health check for load balancers, and the development mailbox's list. */
export const siteApi = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Health check: 200 when the database answers within 2 s, else 503',
    tags: ['site'],
    access: 'public',
    response: z.object({ ok: z.literal(true), database: z.literal('ok') }),
  }),
  mailbox: endpoint({
    method: 'GET',
    path: '/dev/mailbox/messages',
    summary: 'Development only: every mail the outbox holds, newest first',
    tags: ['site'],
    access: 'public',
    response: z.object({
      content: z.array(
        z.object({
          id: z.string(),
          to: z.string(),
          from: z.string(),
          subject: z.string(),
          text: z.string(),
          html: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
  }),
};
