import { catalogueApi } from '@qbank/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/**
 * Query keys of the catalogue's reads. The tree lies under the product's key (['product', id], the store's
 * storeKeys.product), and it is the one key every reader of a product's tree shares: the subject tree editor,
 * Start Test, the question editor and My Questions' filters. A change made in the editor refreshes their choices
 * too.
 */
export const catalogueKeys = {
  tree: (productId: string) => ['product', productId, 'tree'] as const,
  /** Tags every change to one product's tree, so only the last one to settle refetches it. */
  change: (productId: string) => ['product', productId, 'tree', 'change'] as const,
};

/**
 * The product's subjects, categories and subcategories: the one query of the tree, whoever reads it (other
 * features through this file, which stays small: the editor's changes live in catalogue.ts).
 */
export const productTreeQuery = (productId: string) =>
  queryOptions({
    queryKey: catalogueKeys.tree(productId),
    queryFn: () => call(catalogueApi.tree, { params: { id: productId } }),
    staleTime: 5 * 60_000,
  });

/** The tree of a product not always known yet (a question still loading): nothing is asked until it is. */
export const useProductTree = (productId: string | undefined) =>
  useQuery({ ...productTreeQuery(productId ?? ''), enabled: !!productId });
