import { type TestPool, testsApi } from '@qbank/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { availableQuery, testKeys } from './tests';

/** Questions available per subcategory for the chosen pools; the previous answer shows while the next loads. */
export const useAvailable = (productId: string, pools: readonly TestPool[]) =>
  useQuery({ ...availableQuery(productId, pools), enabled: !!productId });

/**
 * The learner's open (in progress or paused) test in the product, or null. A learner cannot create a test while
 * one is open, so an open test is always the newest: the first row of My Tests' first page tells.
 */
export const openTestQuery = (productId: string) =>
  queryOptions({
    queryKey: testKeys.open(productId),
    queryFn: async () => {
      const page = await call(testsApi.list, { query: { productUuid: productId, page: 0, size: 1 } });
      const newest = page.content[0];
      return newest && newest.status !== 'COMPLETED' ? newest : null;
    },
  });

export const useOpenTest = (productId: string) =>
  useQuery({ ...openTestQuery(productId), enabled: !!productId });
