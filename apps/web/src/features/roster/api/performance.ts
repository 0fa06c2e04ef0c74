import { type PerformanceQuery, rosterApi } from '@qbank/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export const performanceKeys = {
  report: (productId: string, query: PerformanceQuery) =>
    ['roster', 'performance', productId, query] as const,
};

export const performanceQuery = (productId: string, query: PerformanceQuery) =>
  queryOptions({
    queryKey: performanceKeys.report(productId, query),
    queryFn: () => call(rosterApi.performance, { params: { id: productId }, query }),
    // Another cohort or heat map page keeps the figures on screen (dimmed) while it loads.
    placeholderData: keepPreviousData,
  });

/** The product's (or a cohort's) progress, weakest subjects, students at risk and heat map. */
export const usePerformance = (productId: string, query: PerformanceQuery) =>
  useQuery({ ...performanceQuery(productId, query), enabled: productId !== '' });
