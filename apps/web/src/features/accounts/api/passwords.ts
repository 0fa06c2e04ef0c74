import { accountsApi } from '@qbank/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Sends the password-reset mail (POST api/v1/initiatePasswordReset). */
export function useInitiatePasswordReset() {
  return useMutation({
    mutationFn: (emailAddress: string) => call(accountsApi.initiatePasswordReset, { body: { emailAddress } }),
  });
}

/** Sets a new password with the mail's token (POST api/v1/completePasswordReset?token=). */
export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      call(accountsApi.completePasswordReset, { query: { token }, body: { newPassword } }),
  });
}

/** Changes the signed-in user's password (POST initiatePasswordUpdate). */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      call(accountsApi.updatePassword, { body }),
  });
}
