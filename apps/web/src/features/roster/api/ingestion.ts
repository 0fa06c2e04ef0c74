import { ingestionApi, type UserIngestionFile } from '@qbank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { rosterKeys } from './students';

/** How often a class list being committed is asked for again. */
export const INGESTION_POLL_MS = 1000;

export const ingestionKeys = { detail: (id: string) => ['roster', 'ingestion', id] as const };

/** A class list: asked for again every second while its commit runs. */
export const ingestionQuery = (id: string) =>
  queryOptions({
    queryKey: ingestionKeys.detail(id),
    queryFn: () => call(ingestionApi.get, { params: { id } }),
    refetchInterval: (query) => (query.state.data?.state === 'COMMITTING' ? INGESTION_POLL_MS : false),
    retry: false,
  });

export const useIngestion = (id: string | null) => useQuery({ ...ingestionQuery(id ?? ''), enabled: !!id });

/** Uploads a class list in the field the endpoint declares; the answer is its dry run. */
export function useUploadClassList(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(ingestionApi.upload.upload.field, file, file.name);
      return call(ingestionApi.upload, { params: { id: productId }, body });
    },
    onSuccess: (file) => client.setQueryData(ingestionKeys.detail(file.uuid), file),
  });
}

/** Starts the commit: the list is COMMITTING at once, and polled from there. */
export function useCommitClassList(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cohortUuid: string | null) =>
      call(ingestionApi.commit, { params: { id }, body: { cohortUuid } }),
    onSuccess: () =>
      client.setQueryData<UserIngestionFile>(ingestionKeys.detail(id), (old) =>
        old ? { ...old, state: 'COMMITTING', progress: null } : old,
      ),
  });
}

/** Once enrolled, the Students list, its counts and cohorts are stale. */
export function useInvalidateRoster() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({ queryKey: rosterKeys.all, predicate: (q) => q.queryKey[1] !== 'ingestion' });
}
