import { endpointPath, queryString, type SalesQuery, salesApi } from '@qbank/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export const salesKeys = {
  report: (productId: string, q: SalesQuery) => ['sales', productId, q.from ?? '', q.to ?? ''] as const,
};

/** The active QBank's sales over a period (docs/sales.md); the last figures stay while a new period loads. */
export const useSalesReport = (productId: string, q: SalesQuery) =>
  useQuery({
    queryKey: salesKeys.report(productId, q),
    queryFn: () => call(salesApi.report, { params: { id: productId }, query: q }),
    enabled: productId !== '',
    placeholderData: keepPreviousData,
  });

/** The CSV's address: a plain GET the browser saves (the session cookie goes with it). */
export const salesCsvUrl = (productId: string, q: SalesQuery) =>
  endpointPath(salesApi.exportCsv.path, { id: productId }) + queryString(q);
