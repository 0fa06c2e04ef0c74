import { catalogueAdminApi, catalogueApi } from '@qbank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** A product's reference panel, under the product's key (store.ts's storeKeys.product). */
export const referenceKey = (productId: string) => ['product', productId, 'reference'] as const;

/** The product's reference panel ('' when it has none): the exam screen and review read it; the admin edits it. */
export const productReferenceQuery = (productId: string) =>
  queryOptions({
    queryKey: referenceKey(productId),
    queryFn: () => call(catalogueApi.reference, { params: { id: productId } }),
    staleTime: 5 * 60_000,
  });

export const useProductReference = (productId: string) => useQuery(productReferenceQuery(productId));

/** Replaces the panel; the answer (as the server sanitised it) becomes the cached one. */
export function useSaveReference(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (html: string) =>
      call(catalogueAdminApi.updateReference, { params: { id: productId }, body: { html } }),
    onSuccess: (saved) => queryClient.setQueryData(referenceKey(productId), saved),
  });
}
