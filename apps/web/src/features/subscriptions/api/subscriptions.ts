import type { SubscriptionDetail } from '@qbank/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export type { SubscriptionDetail };

const base = (userId: string) => `/api/v2/users/${encodeURIComponent(userId)}/subscriptions`;

export const listSubscriptions = (userId: string) => api.get<SubscriptionDetail[]>(base(userId));
export const subscribeFree = (userId: string, productUuid: string, billingPlanUuid: string) =>
  api.post<SubscriptionDetail>(base(userId), { productUuid, billingPlanUuid });
export const cancelSubscription = (userId: string, subId: string) =>
  api.delete<SubscriptionDetail>(`${base(userId)}/${subId}/cancel`);
export const reactivateSubscription = (userId: string, subId: string) =>
  api.patch<SubscriptionDetail>(`${base(userId)}/${subId}/reactivate`);
export const setLastUsedProduct = (userUuid: string, productUuid: string) =>
  api.post('/api/v1/lastused', { userUuid, productUuid });

export function useSubscriptionDetails(userId: string | undefined) {
  return useQuery({
    queryKey: ['subscriptions', userId],
    queryFn: () => listSubscriptions(userId!),
    enabled: !!userId,
  });
}
