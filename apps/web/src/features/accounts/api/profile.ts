import { accountsApi, type ProfileBody } from '@qbank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { type SessionState, sessionKeys } from './session';

/** Changes the signed-in user's name (PATCH api/v2/users/me); the session's user becomes the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => call(accountsApi.updateMe, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData<SessionState>(sessionKeys.current, (old) =>
        old?.user ? { user, expired: false } : old,
      );
    },
  });
}
