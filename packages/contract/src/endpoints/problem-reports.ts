import {
  commentIdParams,
  problemReportInput,
  problemReportSent,
  questionComment,
  questionIdParams,
} from '../questions';
import { endpoint } from './endpoint';

/**
 * "Report a problem with this question" (docs/questions.md): a learner reports a question of one of their own
 * tests; it reaches the question's staff as a comment of its review thread, which they resolve.
 */
export const problemReportsApi = {
  report: endpoint({
    method: 'POST',
    path: '/api/v2/questions/:id/problemReports',
    summary: 'Report a problem with a question of one of your own tests (its staff see it as a comment)',
    tags: ['questions'],
    access: 'user',
    params: questionIdParams,
    body: problemReportInput,
    response: problemReportSent,
    status: 201,
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/api/v2/comments/:id/resolve',
    summary: "Mark a learner's problem report resolved (the question's staff)",
    tags: ['questions'],
    access: 'user',
    params: commentIdParams,
    response: questionComment,
  }),
};
