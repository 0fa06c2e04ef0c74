import { testsApi } from '@qbank/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { testKeys } from '../../exams/api/tests';

/**
 * The learner's standing in a product. The key is the exams feature's (testKeys.dashboard, under ['tests']), so
 * creating or ending a test (which invalidates ['tests']) refreshes it.
 */
export const dashboardQuery = (productId: string) =>
  queryOptions({
    queryKey: testKeys.dashboard(productId),
    queryFn: () => call(testsApi.dashboard, { params: { id: productId } }),
  });

export const useDashboard = (productId: string, enabled: boolean) =>
  useQuery({ ...dashboardQuery(productId), enabled: enabled && !!productId });
