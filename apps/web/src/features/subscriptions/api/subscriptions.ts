import { accountsApi, type SubscriptionDetail, subscriptionsApi } from '@qbank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { sessionKeys } from '../../accounts/api/session';

export type { SubscriptionDetail };

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  ofUser: (userId: string | undefined) => ['subscriptions', userId] as const,
};

/** Account Settings' list: each subscription with its plan and renewal. */
export const subscriptionDetailsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: subscriptionKeys.ofUser(userId),
    queryFn: () => call(subscriptionsApi.list, { params: { userId: userId! } }),
    enabled: !!userId,
  });

export function useSubscriptionDetails(userId: string | undefined) {
  return useQuery(subscriptionDetailsQueryOptions(userId));
}

/** After a subscription changes: the user (its subscriptions, the active one) and the detailed list reload. */
function useReloadSubscriptions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    ]);
}

/** Turns auto-renew off (or ends a free subscription): DELETE users/{userId}/subscriptions/{subId}/cancel. */
export function useCancelSubscription() {
  const reload = useReloadSubscriptions();
  return useMutation({
    mutationFn: ({ userId, subId }: { userId: string; subId: string }) =>
      call(subscriptionsApi.cancel, { params: { userId, subId } }),
    onSuccess: reload,
  });
}

/**
 * Turns auto-renew on again (or reactivates a free subscription). A one-time purchase answers a checkout URL
 * to go through first; nothing has changed yet then, so nothing reloads.
 */
export function useReactivateSubscription() {
  const reload = useReloadSubscriptions();
  return useMutation({
    mutationFn: ({ userId, subId }: { userId: string; subId: string }) =>
      call(subscriptionsApi.reactivate, { params: { userId, subId } }),
    onSuccess: (r) => (r.redirectUrl ? undefined : reload()),
  });
}

/** Subscribes to a free plan (SPEC §4): a new subscription, or the user's inactive one reactivated. */
export function useSubscribeFree() {
  const reload = useReloadSubscriptions();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string; productUuid: string; billingPlanUuid: string }) =>
      call(subscriptionsApi.subscribe, { params: { userId }, body }),
    onSuccess: reload,
  });
}

/**
 * Makes a product the user's active one (POST api/v1/lastused, SPEC §4) and waits for the signed-in user to
 * reload with it, so whatever opens next (the dashboard) shows that product. The one way to change it: the user
 * menu's Change active product and the store's Open QBank.
 */
export function useSetActiveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userUuid: string; productUuid: string }) => call(accountsApi.lastUsed, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
  });
}
