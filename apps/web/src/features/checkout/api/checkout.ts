import { type CheckoutStatus, checkoutApi, type LocalCheckout } from '@qbank/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type { CheckoutStatus, LocalCheckout };

export const checkoutKeys = {
  local: (sessionId: string) => ['checkout', 'local', sessionId] as const,
  status: (sessionId: string) => ['checkout', 'status', sessionId] as const,
};

/** The embedded provider's checkout session (DESIGN.md §2). */
export const localCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.local(sessionId),
    queryFn: () => call(checkoutApi.localSession, { params: { sessionId } }),
  });

export function useLocalCheckout(sessionId: string) {
  return useQuery(localCheckoutQueryOptions(sessionId));
}

const POLL_MS = 1000;

/** Whether the payment's webhook has granted the subscription yet: polled every second until it has. */
export const checkoutStatusQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.status(sessionId),
    queryFn: () => call(checkoutApi.status, { params: { sessionId } }),
    enabled: !!sessionId,
    refetchInterval: (q) => (q.state.data?.subscriptionActive ? false : POLL_MS),
  });

export function useCheckoutStatus(sessionId: string) {
  return useQuery(checkoutStatusQueryOptions(sessionId));
}

/** Pays (or declines) on the embedded checkout; answers where the provider sends the browser. */
export function usePayLocalCheckout() {
  return useMutation({
    mutationFn: ({ sessionId, outcome }: { sessionId: string; outcome: 'success' | 'decline' | 'cancel' }) =>
      outcome === 'cancel'
        ? call(checkoutApi.localCancel, { params: { sessionId } })
        : call(checkoutApi.localPay, { params: { sessionId }, body: { outcome } }),
  });
}

/** Hands over to the card provider's checkout; answers the URL to go to. */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (body: { priceId: string; customerId?: string; tokenId?: string }) =>
      call(checkoutApi.create, { body }),
  });
}
