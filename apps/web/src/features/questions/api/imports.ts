import { type ImportCommitInput, importsApi, type QuestionImport } from '@qbank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { storeKeys } from '../../store/api/store';
import { IMPORT_POLL_MS, isImportRunning } from '../lib/import-flow';
import { questionKeys } from './questions';

export const importKeys = {
  detail: (id: string) => ['questionImports', id] as const,
};

/** An import: asked for again every second while its job reads or writes, until the state moves on. */
export const importQuery = (id: string) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: () => call(importsApi.get, { params: { id } }),
    refetchInterval: (query) => (isImportRunning(query.state.data?.state) ? IMPORT_POLL_MS : false),
    // A 404 (not yours, or dropped after 7 days) will not change by asking again.
    retry: false,
  });

export const useImport = (id: string | null) => useQuery({ ...importQuery(id ?? ''), enabled: !!id });

/**
 * Uploads a question file, in the multipart field the endpoint declares: the server starts reading it and
 * answers its id.
 */
export function useUploadImport(productId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(importsApi.upload.upload.field, file, file.name);
      return call(importsApi.upload, { params: { id: productId }, body });
    },
  });
}

/**
 * Imports the previewed questions. The server has the import IMPORTING once it answers, so the screen says so
 * at once and polls from there; the question lists are stale once it is done (the screen invalidates them then).
 */
export function useCommitImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportCommitInput) => call(importsApi.commit, { params: { id }, body: input }),
    onSuccess: () =>
      queryClient.setQueryData<QuestionImport>(importKeys.detail(id), (old) =>
        old ? { ...old, state: 'IMPORTING', progress: null } : old,
      ),
  });
}

/**
 * Once an import is done, every list and count of questions is stale, and so is what the products show of them
 * (their content's counts, their trees, all under the product's key).
 */
export function useInvalidateQuestionLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: questionKeys.anyList }),
      queryClient.invalidateQueries({ queryKey: questionKeys.anyCounts }),
      queryClient.invalidateQueries({ queryKey: storeKeys.products }),
    ]);
}
