import {
  type AcceptInvitationInput,
  type EnrolmentCodeInput,
  enrolmentApi,
  type InvitationsInput,
} from '@qbank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Query keys of enrolment's reads (under 'roster': a change moves the Students list too). */
export const enrolmentKeys = {
  all: ['roster'] as const,
  seats: (productId: string) => ['roster', 'seats', productId] as const,
  invitations: (productId: string) => ['roster', 'invitations', productId] as const,
  codes: (productId: string) => ['roster', 'codes', productId] as const,
  invitation: (token: string) => ['enrolment', 'invitation', token] as const,
  code: (code: string) => ['enrolment', 'code', code] as const,
};

export const seatsQuery = (productId: string) =>
  queryOptions({
    queryKey: enrolmentKeys.seats(productId),
    queryFn: () => call(enrolmentApi.seats, { params: { id: productId } }),
  });
export const useSeats = (productId: string) =>
  useQuery({ ...seatsQuery(productId), enabled: productId !== '' });

export const useInvitations = (productId: string) =>
  useQuery({
    queryKey: enrolmentKeys.invitations(productId),
    queryFn: () => call(enrolmentApi.invitations, { params: { id: productId }, query: { status: 'OPEN' } }),
    enabled: productId !== '',
  });

export const useCodes = (productId: string) =>
  useQuery({
    queryKey: enrolmentKeys.codes(productId),
    queryFn: () => call(enrolmentApi.codes, { params: { id: productId } }),
    enabled: productId !== '',
  });

/** Every read of the roster and enrolment follows a change. */
const useInvalidate = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: enrolmentKeys.all });
};

export function useInvite(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: InvitationsInput) => call(enrolmentApi.invite, { params: { id: productId }, body }),
    onSuccess: invalidate,
  });
}

export function useInvitationAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      call(action === 'resend' ? enrolmentApi.resendInvitation : enrolmentApi.revokeInvitation, {
        params: { id },
      }),
    onSuccess: invalidate,
  });
}

export function useCreateCode(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EnrolmentCodeInput) =>
      call(enrolmentApi.createCode, { params: { id: productId }, body }),
    onSuccess: invalidate,
  });
}

export function useRevokeCode() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(enrolmentApi.revokeCode, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useSetSeatCap(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (cap: number | null) =>
      call(enrolmentApi.setSeatCap, { params: { id: productId }, body: { cap } }),
    onSuccess: invalidate,
  });
}

/** What an invitation link offers (400: it no longer works). */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: enrolmentKeys.invitation(token),
    queryFn: () => call(enrolmentApi.invitationByToken, { params: { token } }),
    retry: false,
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: AcceptInvitationInput) =>
      call(enrolmentApi.acceptInvitation, { params: { token }, body }),
  });

/** What an enrolment code opens (404: no such code). */
export const useCodePreview = (code: string) =>
  useQuery({
    queryKey: enrolmentKeys.code(code),
    queryFn: () => call(enrolmentApi.codePreview, { params: { code } }),
    retry: false,
  });

export const useJoin = () =>
  useMutation({ mutationFn: (code: string) => call(enrolmentApi.join, { params: { code } }) });

/** The link that carries a code, as the instructor hands it out. */
export const joinLink = (code: string) => `${window.location.origin}/join/${code}`;
