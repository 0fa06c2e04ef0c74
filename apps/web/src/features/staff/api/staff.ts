import { type AcceptInvitationInput, type SetStaffRolesInput, staffApi } from '@qbank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Query keys of the staff screen's reads. */
export const staffKeys = {
  all: ['staff'] as const,
  list: (productId: string) => ['staff', 'list', productId] as const,
  invitations: (productId: string) => ['staff', 'invitations', productId] as const,
  invitation: (token: string) => ['staff-invitation', token] as const,
};

export const useStaff = (productId: string) =>
  useQuery({
    queryKey: staffKeys.list(productId),
    queryFn: () => call(staffApi.list, { params: { id: productId } }),
    enabled: productId !== '',
  });

export const useStaffInvitations = (productId: string) =>
  useQuery({
    queryKey: staffKeys.invitations(productId),
    queryFn: () => call(staffApi.invitations, { params: { id: productId } }),
    enabled: productId !== '',
  });

/** Every read of the staff screen follows a change. */
const useInvalidate = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.all });
};

/** Sets a person's roles by e-mail (none: off the staff); an address without an account is invited. */
export function useSetStaffRoles(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SetStaffRolesInput) => call(staffApi.setRoles, { params: { id: productId }, body }),
    onSettled: invalidate,
  });
}

export function useStaffInvitationAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      call(action === 'resend' ? staffApi.resendInvitation : staffApi.revokeInvitation, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** What a staff invitation link offers (400: it no longer works). */
export const useStaffInvitationPreview = (token: string) =>
  useQuery({
    queryKey: staffKeys.invitation(token),
    queryFn: () => call(staffApi.invitationByToken, { params: { token } }),
    retry: false,
  });

export const useAcceptStaffInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: AcceptInvitationInput) => call(staffApi.acceptInvitation, { params: { token }, body }),
  });
