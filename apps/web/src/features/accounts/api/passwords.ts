import { api } from '../../../lib/http';

export const initiatePasswordReset = (emailAddress: string) =>
  api.post('/api/v1/initiatePasswordReset', { emailAddress });

export const completePasswordReset = (token: string, newPassword: string) =>
  api.post(`/api/v1/completePasswordReset?token=${encodeURIComponent(token)}`, { newPassword });

export const updatePassword = (currentPassword: string, newPassword: string) =>
  api.post('/api/v2/initiatePasswordUpdate', { currentPassword, newPassword });
