import type { CheckoutStatus, LocalCheckout } from '@qbank/contract';
import { api } from '../../../lib/http';

export type { CheckoutStatus, LocalCheckout };

const id = (s: string) => encodeURIComponent(s);
export const fetchLocalCheckout = (sessionId: string) =>
  api.get<LocalCheckout>(`/api/v2/localCheckout/${id(sessionId)}`);
export const payLocalCheckout = (sessionId: string, outcome: 'success' | 'decline') =>
  api.post<{ redirectUrl: string }>(`/api/v2/localCheckout/${id(sessionId)}/pay`, { outcome });
export const cancelLocalCheckout = (sessionId: string) =>
  api.post<{ redirectUrl: string }>(`/api/v2/localCheckout/${id(sessionId)}/cancel`, {});
export const fetchCheckoutStatus = (sessionId: string) =>
  api.get<CheckoutStatus>(`/api/v2/checkoutSessions/${id(sessionId)}`);

/** Hands over to the card provider's checkout; answers the URL to go to. */
export const createCheckoutSession = (body: { priceId: string; customerId?: string; tokenId?: string }) =>
  api.post<{ redirectUrl: string }>('/api/v2/createCheckoutSession', body);
