import { type BillingPlanInput, billingApi } from '@qbank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { storeKeys } from '../../store/api/store';

/** Query keys of the plans screen's reads. */
export const planKeys = {
  all: ['billing-plans'] as const,
  list: (productId: string) => ['billing-plans', 'list', productId] as const,
  subscribers: (productId: string) => ['billing-plans', 'subscribers', productId] as const,
};

/** Every plan of the product, inactive ones too, in the store's frequency order. */
export const usePlans = (productId: string) =>
  useQuery({
    queryKey: planKeys.list(productId),
    queryFn: () => call(billingApi.list, { params: { id: productId }, query: { includeInactive: 'true' } }),
    enabled: productId !== '',
  });

/** Active subscriptions per plan, as a map from the plan's id. */
export const usePlanSubscribers = (productId: string) =>
  useQuery({
    queryKey: planKeys.subscribers(productId),
    queryFn: async () =>
      new Map(
        (await call(billingApi.subscribers, { params: { id: productId } })).map((r) => [
          r.uuid,
          r.activeSubscribers,
        ]),
      ),
    enabled: productId !== '',
  });

const useInvalidate = (productId: string) => {
  const client = useQueryClient();
  // The store's reads show the plans too.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: planKeys.all }),
      client.invalidateQueries({ queryKey: storeKeys.plans(productId) }),
      client.invalidateQueries({ queryKey: ['store'] }),
    ]);
};

/** A new plan, or a plan's new fields; a provider price is made whenever the price needs a new one. */
export function useSavePlan(productId: string) {
  const invalidate = useInvalidate(productId);
  return useMutation({
    mutationFn: ({
      uuid,
      body,
      confirmLeaveStore,
    }: {
      uuid: string | null;
      body: BillingPlanInput;
      confirmLeaveStore?: boolean;
    }) =>
      uuid
        ? call(billingApi.update, {
            params: { productUuid: productId, uuid },
            query: confirmLeaveStore ? { confirmLeaveStore: 'true' } : {},
            body: { ...body, autoCreateStripePrice: true },
          })
        : call(billingApi.create, {
            params: { id: productId },
            body: { ...body, autoCreateStripePrice: true },
          }),
    onSuccess: invalidate,
  });
}

/** Active becomes inactive and back. */
export function useTogglePlan(productId: string) {
  const invalidate = useInvalidate(productId);
  return useMutation({
    mutationFn: ({ uuid, confirmLeaveStore }: { uuid: string; confirmLeaveStore?: boolean }) =>
      call(billingApi.toggleActive, {
        params: { productUuid: productId, uuid },
        query: confirmLeaveStore ? { confirmLeaveStore: 'true' } : {},
      }),
    onSuccess: invalidate,
  });
}
