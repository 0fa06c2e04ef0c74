import { type CreateTestInput, type TestListQuery, type TestPool, testsApi } from '@qbank/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, HttpError } from '../../../lib/http';

/**
 * Query keys of the tests reads, the app's one factory of them (the shell's test in progress and the dashboard's
 * standing too, all under ['tests']): an action invalidates exactly what it changed.
 */
export const testKeys = {
  all: ['tests'] as const,
  lists: (productId: string) => ['tests', 'list', productId] as const,
  list: (query: TestListQuery) => ['tests', 'list', query.productUuid, query] as const,
  /** The learner's open test, read off the newest row of My Tests: under the lists, refreshed with them. */
  open: (productId: string) => ['tests', 'list', productId, 'open'] as const,
  available: (productId: string, pools: readonly TestPool[]) =>
    ['tests', 'available', productId, [...pools].sort().join(',')] as const,
  run: (id: string) => ['tests', 'run', id] as const,
  review: (id: string) => ['tests', 'review', id] as const,
  dashboard: (productId: string) => ['tests', 'dashboard', productId] as const,
  /** Every product's test in progress (a prefix): pausing or ending a test updates whichever it is. */
  anyInProgress: ['tests', 'inprogress'] as const,
  inProgress: (productUuid: string | undefined) => ['tests', 'inprogress', productUuid] as const,
};

/** How many questions each subcategory holds for the chosen pools (Start Test). */
export const availableQuery = (productId: string, pools: readonly TestPool[]) =>
  queryOptions({
    queryKey: testKeys.available(productId, pools),
    queryFn: () => call(testsApi.available, { params: { id: productId }, query: { pools: pools.join(',') } }),
    placeholderData: keepPreviousData,
  });

/** A page of My Tests. */
export const testListQuery = (query: TestListQuery) =>
  queryOptions({
    queryKey: testKeys.list(query),
    queryFn: () => call(testsApi.list, { query }),
    placeholderData: keepPreviousData,
  });

/** A test with its questions, as the exam screen opens it. Never refetched behind the screen's back. */
export const testRunQuery = (id: string) =>
  queryOptions({
    queryKey: testKeys.run(id),
    queryFn: () => call(testsApi.questions, { params: { id } }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** A completed test's review: it never changes once the test is completed. */
export const testReviewQuery = (id: string) =>
  queryOptions({
    queryKey: testKeys.review(id),
    queryFn: () => call(testsApi.review, { params: { id } }),
    staleTime: 5 * 60_000,
  });

/**
 * The caller's test in progress in the active product, or null: the server's 404 means none (SPEC §7). The shell
 * reads it to send a student back to a running test.
 */
export const testInProgressQuery = (productUuid: string | undefined) =>
  queryOptions({
    queryKey: testKeys.inProgress(productUuid),
    queryFn: async () => {
      try {
        return await call(testsApi.inProgress);
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 404) return null;
        throw e;
      }
    },
  });

export function useTestInProgress(productUuid: string | undefined, enabled: boolean) {
  return useQuery({ ...testInProgressQuery(productUuid), enabled });
}

/** Creates a test (which starts it); the caller then opens /tests/{uuid}/run. */
export function useCreateTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTestInput) => call(testsApi.create, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: testKeys.all }),
  });
}
