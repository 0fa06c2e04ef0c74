import { brandingApi, type ColorMapInput, type LogoType, type ProductBranding } from '@qbank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useRefreshSession } from '../../accounts/api/session';
import { storeKeys } from '../../store/api/store';

/** A product's branding, under the product's key (storeKeys.product), so a change refreshes its other reads. */
export const brandingKey = (productId: string) => [...storeKeys.product(productId), 'branding'] as const;

export const brandingQuery = (productId: string) =>
  queryOptions({
    queryKey: brandingKey(productId),
    queryFn: () => call(brandingApi.read, { params: { id: productId } }),
  });
export const useBranding = (productId: string) => useQuery(brandingQuery(productId));

/**
 * After a change: the answer becomes the cached branding, the product's other reads (logos, content) are
 * refetched, and the session is reloaded, since the shell's header reads the colours from the subscription.
 */
function useApply(productId: string) {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return async (saved: ProductBranding) => {
    queryClient.setQueryData(brandingKey(productId), saved);
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: storeKeys.product(productId),
        predicate: (q) => q.queryKey[2] !== 'branding',
      }),
      refreshSession(),
    ]);
  };
}

export function useSaveColors(productId: string) {
  const apply = useApply(productId);
  return useMutation({
    mutationFn: (colorMap: ColorMapInput) =>
      call(brandingApi.setColors, { params: { id: productId }, body: colorMap }),
    onSuccess: apply,
  });
}

export function useUploadLogo(productId: string, logoType: LogoType) {
  const apply = useApply(productId);
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(brandingApi.uploadLogo.upload.field, file, file.name);
      return call(brandingApi.uploadLogo, { params: { id: productId }, query: { logoType }, body });
    },
    onSuccess: apply,
  });
}

export function useRemoveLogo(productId: string, logoType: LogoType) {
  const apply = useApply(productId);
  return useMutation({
    mutationFn: () => call(brandingApi.removeLogo, { params: { id: productId }, query: { logoType } }),
    onSuccess: apply,
  });
}
