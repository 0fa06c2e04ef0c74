import {
  mediaApi,
  type QuestionInput,
  type QuestionListQuery,
  type QuestionRole,
  questionsApi,
} from '@qbank/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, HttpError } from '../../../lib/http';

/** Query keys of the question reads: one factory, so a save invalidates exactly the question's reads and the lists. */
export const questionKeys = {
  all: ['questions'] as const,
  /** Every product's lists and status counts (prefixes): a saved question may move between them. */
  anyList: ['questions', 'list'] as const,
  anyCounts: ['questions', 'counts'] as const,
  lists: (productId: string) => ['questions', 'list', productId] as const,
  list: (productId: string, query: QuestionListQuery) => ['questions', 'list', productId, query] as const,
  counts: (productId: string, role: QuestionRole) => ['questions', 'counts', productId, role] as const,
  detail: (id: string) => ['questions', 'detail', id] as const,
  allowed: (id: string) => ['questions', 'detail', id, 'allowed'] as const,
  versions: (id: string) => ['questions', 'detail', id, 'versions'] as const,
  version: (id: string, n: number) => ['questions', 'detail', id, 'versions', n] as const,
  comments: (id: string) => ['questions', 'detail', id, 'comments'] as const,
  itemStatistics: (id: string) => ['questions', 'detail', id, 'itemStatistics'] as const,
};

export const questionListQuery = (productId: string, query: QuestionListQuery) =>
  queryOptions({
    queryKey: questionKeys.list(productId, query),
    queryFn: () => call(questionsApi.list, { params: { id: productId }, query }),
    placeholderData: keepPreviousData,
  });

export const statusCountsQuery = (productId: string, role: QuestionRole) =>
  queryOptions({
    queryKey: questionKeys.counts(productId, role),
    queryFn: () =>
      call(questionsApi.statusCounts, { params: { id: productId }, query: { filterRole: role } }),
  });

/**
 * A question as its staff read it, for the editor and the review screen. A caller who may read it only as a
 * learner gets it without its solution (view LEARNER): these screens are not theirs, so it reads as not found.
 */
export async function fetchStaffQuestion(id: string) {
  const q = await call(questionsApi.get, { params: { id } });
  if (q.view !== 'STAFF') throw new HttpError(404, 'Not Found', 'No such question', 'id', 'NOT_FOUND');
  return q;
}

export const questionQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.detail(id),
    queryFn: () => fetchStaffQuestion(id),
    // The editor compares against the version it opened: a refetch behind its back would move baseVersion.
    staleTime: 0,
  });

export const allowedStatusesQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.allowed(id),
    queryFn: () => call(questionsApi.allowedStatuses, { params: { id } }),
  });

export const versionsQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.versions(id),
    queryFn: () => call(questionsApi.versions, { params: { id } }),
  });

/** A version never changes once written: it is kept as long as the page lives. */
export const versionQuery = (id: string, number: number) =>
  queryOptions({
    queryKey: questionKeys.version(id, number),
    queryFn: () => call(questionsApi.version, { params: { id, number } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A question's item statistics (its staff and the product's instructors). */
export const itemStatisticsQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.itemStatistics(id),
    queryFn: () => call(questionsApi.itemStatistics, { params: { id } }),
  });

export const useItemStatistics = (id: string) => useQuery(itemStatisticsQuery(id));

export const commentsQuery = (id: string) =>
  queryOptions({
    queryKey: questionKeys.comments(id),
    queryFn: () => call(questionsApi.comments, { params: { id } }),
  });

export const useQuestionList = (productId: string, query: QuestionListQuery) =>
  useQuery(questionListQuery(productId, query));
export const useStatusCounts = (productId: string, role: QuestionRole) =>
  useQuery(statusCountsQuery(productId, role));
export const useQuestion = (id: string) => useQuery(questionQuery(id));
export const useAllowedStatuses = (id: string) => useQuery(allowedStatusesQuery(id));
export const useVersions = (id: string, enabled = true) => useQuery({ ...versionsQuery(id), enabled });
export const useVersion = (id: string, number: number | null) =>
  useQuery({ ...versionQuery(id, number ?? 0), enabled: number !== null });
export const useComments = (id: string) => useQuery(commentsQuery(id));

/** Whatever a change to a question makes stale: its own reads, the lists and the counts. */
function useInvalidateQuestion() {
  const queryClient = useQueryClient();
  return (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: questionKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: questionKeys.anyList }),
      queryClient.invalidateQueries({ queryKey: questionKeys.anyCounts }),
    ]);
}

/**
 * Saves a question: POST for a new one (its uuid made once by the editor, so a retried save creates nothing
 * new), PUT for an existing one (with the version the edit started from).
 */
export function useSaveQuestion() {
  const invalidate = useInvalidateQuestion();
  return useMutation({
    mutationFn: ({ input, isNew }: { input: QuestionInput; isNew: boolean }) =>
      isNew
        ? call(questionsApi.create, { body: input })
        : call(questionsApi.update, { params: { id: input.uuid }, body: input }),
    onSuccess: (saved) => invalidate(saved.uuid),
  });
}

/** Deletes a question: a new version with status DELETED. */
export function useDeleteQuestion() {
  const invalidate = useInvalidateQuestion();
  return useMutation({
    mutationFn: (id: string) => call(questionsApi.remove, { params: { id } }),
    onSuccess: (saved) => invalidate(saved.uuid),
  });
}

/** Restores an older version's content as a new version. */
export function useRestoreVersion() {
  const invalidate = useInvalidateQuestion();
  return useMutation({
    mutationFn: ({ id, number }: { id: string; number: number }) =>
      call(questionsApi.restore, { params: { id, number } }),
    onSuccess: (saved) => invalidate(saved.uuid),
  });
}

/** Discards a published question's revision: a new version with the published content, published again. */
export function useDiscardRevision() {
  const invalidate = useInvalidateQuestion();
  return useMutation({
    mutationFn: (id: string) => call(questionsApi.discardRevision, { params: { id } }),
    onSuccess: (saved) => invalidate(saved.uuid),
  });
}

/** Adds a comment to the review thread. */
export function useAddComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(questionsApi.comment, { params: { id }, body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.comments(id) }),
  });
}

/**
 * Stores one picked file for the question's next save (in the multipart field the endpoint declares): it belongs
 * to nothing until the save names it, so the save and its files make one version.
 */
export function useStoreMediaFile() {
  return useMutation({
    mutationFn: (m: { productId: string; file: File }) => {
      const body = new FormData();
      body.append(mediaApi.store.upload.field, m.file, m.file.name);
      return call(mediaApi.store, { params: { id: m.productId }, body });
    },
  });
}
