import { type BillingPlan, parseAdditionalContent, searchTermToSend } from '@qbank/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import type { ProductContent, SortOrder, StoreProduct } from './types';

export { searchTermToSend };

export const searchProducts = (term: string, sortOrder: SortOrder) =>
  api.post<StoreProduct[]>(`/api/v2/products/productSearchContent?sortField=name&sortOrder=${sortOrder}`, {
    searchTerm: searchTermToSend(term),
  });

export const fetchProductContent = (id: string) =>
  api.get<ProductContent>(`/api/v2/products/${encodeURIComponent(id)}/fetchContent`);
export const fetchBillingPlans = (id: string) =>
  api.get<BillingPlan[]>(`/api/v2/products/${encodeURIComponent(id)}/billingPlans`);
export const fetchLogo = async (id: string, logoType: 'HEADER_LOGO' | 'PRODUCT_LOGO') => {
  const items = await api.get<Array<{ url: string }>>(
    `/api/v2/products/${encodeURIComponent(id)}/logo?logoType=${logoType}`,
  );
  return items[0]?.url ?? null; // the first item is used (SPEC §7)
};

export function useProductContent(id: string) {
  return useQuery({ queryKey: ['product', id], queryFn: () => fetchProductContent(id) });
}
export function useBillingPlans(id: string) {
  return useQuery({ queryKey: ['product', id, 'plans'], queryFn: () => fetchBillingPlans(id) });
}
export function useLogo(id: string | undefined, logoType: 'HEADER_LOGO' | 'PRODUCT_LOGO') {
  return useQuery({
    queryKey: ['product', id, 'logo', logoType],
    queryFn: () => fetchLogo(id!, logoType),
    enabled: !!id,
    staleTime: 5 * 60_000,
  });
}

/** SPEC §3: additionalContent is a JSON string merged in; a parse failure gives nothing. */
export const parseAdditional = parseAdditionalContent;
