import { type AuditQuery, auditApi } from '@qbank/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** The log, newest first, a page at a time (each page names the next: an older cursor). */
export const useAuditLog = (query: Omit<AuditQuery, 'before'>) =>
  useInfiniteQuery({
    queryKey: ['audit', 'log', query],
    queryFn: ({ pageParam }) => call(auditApi.log, { query: { ...query, before: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const useAuditActions = (productUuid?: string) =>
  useQuery({
    queryKey: ['audit', 'actions', productUuid ?? ''],
    queryFn: () => call(auditApi.actions, { query: { productUuid } }),
  });
