import {
  disabledFlagInput,
  superUserActionResult,
  superUserDetail,
  superUserParams,
  superUsersPage,
  superUsersQuery,
  superuserFlagInput,
} from '../superuser';
import { endpoint } from './endpoint';

const tags = ['superuser'];

/** Super → Users (SPEC §2 /superuser, §6: superusers only; anyone else gets 403). */
export const superuserApi = {
  users: endpoint({
    method: 'GET',
    path: '/api/v2/superuser/users',
    summary:
      'A page of accounts by e-mail: those whose e-mail, full name or last name starts with the search',
    tags,
    access: 'user',
    query: superUsersQuery,
    response: superUsersPage,
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/v2/superuser/users/:id',
    summary: 'One account with its subscriptions, roles and live sessions',
    tags,
    access: 'user',
    params: superUserParams,
    response: superUserDetail,
  }),
  setSuperuser: endpoint({
    method: 'POST',
    path: '/api/v2/superuser/users/:id/superuser',
    summary: "Grant or revoke superuser (never one's own)",
    tags,
    access: 'user',
    params: superUserParams,
    body: superuserFlagInput,
    response: superUserActionResult,
  }),
  endSessions: endpoint({
    method: 'POST',
    path: '/api/v2/superuser/users/:id/sessions/end',
    summary: 'End every session of the account: it is signed out everywhere',
    tags,
    access: 'user',
    params: superUserParams,
    response: superUserActionResult,
  }),
  setDisabled: endpoint({
    method: 'POST',
    path: '/api/v2/superuser/users/:id/disabled',
    summary: 'Disable the account (it cannot sign in, its sessions end, its data is kept) or enable it again',
    tags,
    access: 'user',
    params: superUserParams,
    body: disabledFlagInput,
    response: superUserActionResult,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/v2/superuser/users/:id/verification',
    summary: 'Mail the account a new verification link (an unverified one); a verified one is left as it is',
    tags,
    access: 'user',
    params: superUserParams,
    response: superUserActionResult,
  }),
};
