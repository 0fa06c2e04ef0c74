import { type ProductSettings, type ProductSettingsInput, productSettingsApi } from '@qbank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useRefreshSession } from '../../accounts/api/session';
import { storeKeys } from '../../store/api/store';

/** A product's settings, under the product's key (storeKeys.product), beside its store reads. */
export const settingsKey = (productId: string) => [...storeKeys.product(productId), 'settings'] as const;

export const settingsQuery = (productId: string) =>
  queryOptions({
    queryKey: settingsKey(productId),
    queryFn: () => call(productSettingsApi.read, { params: { id: productId } }),
  });
export const useProductSettings = (productId: string) => useQuery(settingsQuery(productId));

/**
 * After a change: the answer becomes the cached settings; the product's store reads and the store's lists are
 * fetched again, and the session too (the shell and the product switcher show the product's name).
 */
function useApply(productId: string) {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return async (saved: ProductSettings) => {
    queryClient.setQueryData(settingsKey(productId), saved);
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: storeKeys.product(productId),
        predicate: (q) => q.queryKey[2] !== 'settings',
      }),
      queryClient.invalidateQueries({ queryKey: ['store'] }),
      refreshSession(),
    ]);
  };
}

export function useSaveSettings(productId: string) {
  const apply = useApply(productId);
  return useMutation({
    mutationFn: (body: ProductSettingsInput) =>
      call(productSettingsApi.update, { params: { id: productId }, body }),
    onSuccess: apply,
  });
}

export function useSetPublished(productId: string) {
  const apply = useApply(productId);
  return useMutation({
    mutationFn: (published: boolean) =>
      call(productSettingsApi.setPublished, { params: { id: productId }, body: { published } }),
    onSuccess: apply,
  });
}
