import { type SuperUsersQuery, superuserApi } from '@qbank/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Query keys of Super → Users. */
export const superKeys = {
  all: ['superuser', 'users'] as const,
  list: (query: SuperUsersQuery) => ['superuser', 'users', 'list', query] as const,
  user: (id: string) => ['superuser', 'users', 'one', id] as const,
};

/** A page of accounts matching the search; the page stays on screen (dimmed) while the next one loads. */
export const useSuperUsers = (query: SuperUsersQuery) =>
  useQuery({
    queryKey: superKeys.list(query),
    queryFn: () => call(superuserApi.users, { query }),
    placeholderData: keepPreviousData,
  });

/** One account with its subscriptions and roles. */
export const useSuperUser = (id: string) =>
  useQuery({
    queryKey: superKeys.user(id),
    queryFn: () => call(superuserApi.user, { params: { id } }),
  });

/** What an account's buttons do. */
export type SuperAction =
  | { kind: 'superuser'; value: boolean }
  | { kind: 'disabled'; value: boolean }
  | { kind: 'endSessions' }
  | { kind: 'verification' };

/** Acts on an account; the account (as the answer has it) and every list follow. */
export function useSuperAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: SuperAction) => {
      const params = { id };
      switch (a.kind) {
        case 'superuser':
          return call(superuserApi.setSuperuser, { params, body: { superuser: a.value } });
        case 'disabled':
          return call(superuserApi.setDisabled, { params, body: { disabled: a.value } });
        case 'endSessions':
          return call(superuserApi.endSessions, { params });
        case 'verification':
          return call(superuserApi.resendVerification, { params });
      }
    },
    onSuccess: (result) => {
      client.setQueryData(superKeys.user(id), result.user);
      void client.invalidateQueries({ queryKey: superKeys.all });
    },
  });
}
