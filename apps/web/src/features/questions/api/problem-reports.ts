import { problemReportsApi } from '@qbank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { questionKeys } from './questions';

/** Marks a learner's problem report resolved; the thread is read again. */
export function useResolveReport(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => call(problemReportsApi.resolve, { params: { id: commentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.comments(questionId) }),
  });
}

/**
 * Sends a learner's "Report a problem" about a question of one of their tests (the exam screen and the review;
 * exported through the feature's index).
 */
export function useReportProblem() {
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string; body: string }) =>
      call(problemReportsApi.report, { params: { id: questionId }, body: { body } }),
  });
}
