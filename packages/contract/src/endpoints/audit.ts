import { auditActions, auditActionsQuery, auditPage, auditQuery } from '../audit';
import { endpoint } from './endpoint';

/** The audit log: superusers read the platform's, admins their product's. */
export const auditApi = {
  log: endpoint({
    method: 'GET',
    path: '/api/v2/auditLog',
    summary:
      'Privileged actions, newest first: who, when, from which address, what, before and after; by product, person, action and time',
    tags: ['audit'],
    access: 'user',
    query: auditQuery,
    response: auditPage,
  }),
  actions: endpoint({
    method: 'GET',
    path: '/api/v2/auditLog/actions',
    summary: 'The kinds of action the log holds, to filter by',
    tags: ['audit'],
    access: 'user',
    query: auditActionsQuery,
    response: auditActions,
  }),
};
