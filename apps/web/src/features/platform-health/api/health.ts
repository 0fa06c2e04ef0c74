import {
  type HealthJobsQuery,
  type HealthMailQuery,
  type HealthWebhooksQuery,
  platformHealthApi,
} from '@qbank/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Query keys of Super → Platform health. */
export const healthKeys = {
  all: ['superuser', 'health'] as const,
  summary: ['superuser', 'health', 'summary'] as const,
  jobs: (q: HealthJobsQuery) => ['superuser', 'health', 'jobs', q] as const,
  mail: (q: HealthMailQuery) => ['superuser', 'health', 'mail', q] as const,
  webhooks: (q: HealthWebhooksQuery) => ['superuser', 'health', 'webhooks', q] as const,
};

/** The summary: read again every 30 s while the page is open. */
export const useHealthSummary = () =>
  useQuery({
    queryKey: healthKeys.summary,
    queryFn: () => call(platformHealthApi.summary),
    refetchInterval: 30_000,
  });

export const useHealthJobs = (query: HealthJobsQuery) =>
  useQuery({
    queryKey: healthKeys.jobs(query),
    queryFn: () => call(platformHealthApi.jobs, { query }),
    placeholderData: keepPreviousData,
  });

export const useHealthMail = (query: HealthMailQuery) =>
  useQuery({
    queryKey: healthKeys.mail(query),
    queryFn: () => call(platformHealthApi.mail, { query }),
    placeholderData: keepPreviousData,
  });

export const useHealthWebhooks = (query: HealthWebhooksQuery) =>
  useQuery({
    queryKey: healthKeys.webhooks(query),
    queryFn: () => call(platformHealthApi.webhooks, { query }),
    placeholderData: keepPreviousData,
  });

/** What the page's buttons do. */
export type HealthAction =
  | { kind: 'retry'; id: number }
  | { kind: 'resend'; id: string }
  | { kind: 'replay'; id: string };

/** Retry, resend or replay; every list and the summary follow. */
export function useHealthAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (a: HealthAction): Promise<string> => {
      switch (a.kind) {
        case 'retry':
          return (await call(platformHealthApi.retryJob, { params: { id: a.id } })).message;
        case 'resend':
          return (await call(platformHealthApi.resendMail, { params: { id: a.id } })).message;
        case 'replay':
          return (await call(platformHealthApi.replayWebhook, { params: { id: a.id } })).message;
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: healthKeys.all }),
  });
}
