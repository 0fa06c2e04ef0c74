import {
  healthJobParams,
  healthJobsPage,
  healthJobsQuery,
  healthMailPage,
  healthMailParams,
  healthMailQuery,
  healthSummary,
  healthWebhookParams,
  healthWebhooksPage,
  healthWebhooksQuery,
  jobRetryResult,
  mailResendResult,
  webhookReplayResult,
} from '../platform-health';
import { endpoint } from './endpoint';

const tags = ['superuser'];
const base = '/api/v2/superuser/health';

/** Super → Platform health (docs/platform-health.md): superusers only; anyone else gets 403. */
export const platformHealthApi = {
  summary: endpoint({
    method: 'GET',
    path: base,
    summary: 'The job queue, mail, webhook events, database and storage at a glance',
    tags,
    access: 'user',
    response: healthSummary,
  }),
  jobs: endpoint({
    method: 'GET',
    path: `${base}/jobs`,
    summary: 'A page of jobs in one state (waiting, running, failed, done), with the error of failed ones',
    tags,
    access: 'user',
    query: healthJobsQuery,
    response: healthJobsPage,
  }),
  mail: endpoint({
    method: 'GET',
    path: `${base}/mail`,
    summary: 'A page of mail: queued, failed (with the error) or sent',
    tags,
    access: 'user',
    query: healthMailQuery,
    response: healthMailPage,
  }),
  webhooks: endpoint({
    method: 'GET',
    path: `${base}/webhooks`,
    summary: 'A page of payment webhook events: all, processed or failed (with the error)',
    tags,
    access: 'user',
    query: healthWebhooksQuery,
    response: healthWebhooksPage,
  }),
  retryJob: endpoint({
    method: 'POST',
    path: `${base}/jobs/:id/retry`,
    summary: 'Run a failed job again (a new round of attempts); a job that is not failed: 409',
    tags,
    access: 'user',
    params: healthJobParams,
    response: jobRetryResult,
  }),
  resendMail: endpoint({
    method: 'POST',
    path: `${base}/mail/:id/resend`,
    summary: 'Queue a failed mail again (its job) or a sent one again (a new job with the same message)',
    tags,
    access: 'user',
    params: healthMailParams,
    response: mailResendResult,
  }),
  replayWebhook: endpoint({
    method: 'POST',
    path: `${base}/webhooks/:id/replay`,
    summary:
      'Process a stored webhook event again through the same handler (fulfilment stays once per checkout)',
    tags,
    access: 'user',
    params: healthWebhookParams,
    response: webhookReplayResult,
  }),
};
