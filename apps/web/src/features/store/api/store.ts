import {
  billingApi,
  type LogoType,
  type ProductSearchAnswer,
  type ProductSearchQuery,
  parseAdditionalContent,
  type SortOrder,
  STORE_PAGE_SIZE,
  searchTermToSend,
  storeApi,
} from '@qbank/contract';
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export { searchTermToSend };

/** Query keys of the store's reads: one factory, so an invalidation names exactly what it means. */
export const storeKeys = {
  /** Every product's reads: content, plans, logos and, under the same root, its tree (catalogueKeys.tree). */
  products: ['product'] as const,
  search: (term: string, sortOrder: SortOrder) => ['store', 'search', term, sortOrder] as const,
  product: (id: string) => ['product', id] as const,
  plans: (id: string) => ['product', id, 'plans'] as const,
  logo: (id: string | undefined, logoType: LogoType) => ['product', id, 'logo', logoType] as const,
};

/**
 * Store search, typed by what is asked: with page or size a page of cards with the total, without them SPEC §7's
 * full list (the contract's ProductSearchAnswer names which).
 */
export const searchStore = <Q extends ProductSearchQuery>(term: string, query: Q) =>
  call(storeApi.search, { query, body: { searchTerm: searchTermToSend(term) } }) as Promise<
    ProductSearchAnswer<Q>
  >;

/** The store list: pages of 24 cards, the next one asked for by "Show more". */
export const storeSearchQuery = (term: string, sortOrder: SortOrder) =>
  infiniteQueryOptions({
    queryKey: storeKeys.search(term, sortOrder),
    queryFn: ({ pageParam }) =>
      searchStore(term, { sortField: 'name', sortOrder, page: pageParam, size: STORE_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
  });

export const fetchProductContent = (id: string) => call(storeApi.content, { params: { id } });
export const fetchBillingPlans = (id: string) => call(billingApi.list, { params: { id } });
export const fetchLogo = async (id: string, logoType: LogoType) => {
  const items = await call(storeApi.logos, { params: { id }, query: { logoType } });
  return items[0]?.url ?? null; // the first item is used (SPEC §7)
};

export const productContentQuery = (id: string) =>
  queryOptions({ queryKey: storeKeys.product(id), queryFn: () => fetchProductContent(id) });
export const billingPlansQuery = (id: string) =>
  queryOptions({ queryKey: storeKeys.plans(id), queryFn: () => fetchBillingPlans(id) });

export function useProductContent(id: string) {
  return useQuery(productContentQuery(id));
}
export function useBillingPlans(id: string) {
  return useQuery(billingPlansQuery(id));
}
export const logoQuery = (id: string | undefined, logoType: LogoType) =>
  queryOptions({
    queryKey: storeKeys.logo(id, logoType),
    queryFn: () => fetchLogo(id!, logoType),
    enabled: !!id,
    staleTime: 5 * 60_000,
  });
export function useLogo(id: string | undefined, logoType: LogoType) {
  return useQuery(logoQuery(id, logoType));
}

/** SPEC §3: additionalContent is a JSON string merged in; a parse failure gives nothing. */
export const parseAdditional = parseAdditionalContent;
