import { testsApi } from '@qbank/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, HttpError } from '../../../lib/http';

export const testKeys = {
  inProgress: (productUuid: string | undefined) => ['tests', 'inprogress', productUuid] as const,
};

/** The caller's test in progress in the active product, or null: the server's 404 means none (SPEC §7). */
export const testInProgressQueryOptions = (productUuid: string | undefined) =>
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
  return useQuery({ ...testInProgressQueryOptions(productUuid), enabled });
}
