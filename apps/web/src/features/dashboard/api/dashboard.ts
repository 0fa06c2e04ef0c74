import { testsApi } from '@qbank/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/**
 * The learner's standing in a product. The key lies under the exams feature's ['tests'], so creating or ending
 * a test (which invalidates ['tests']) refreshes it.
 */
export const dashboardQuery = (productId: string) =>
  queryOptions({
    queryKey: ['tests', 'dashboard', productId] as const,
    queryFn: () => call(testsApi.dashboard, { params: { id: productId } }),
  });

export const useDashboard = (productId: string, enabled: boolean) =>
  useQuery({ ...dashboardQuery(productId), enabled: enabled && !!productId });
