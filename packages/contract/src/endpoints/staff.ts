import { acceptedInvitation, acceptInvitationInput } from '../enrolment';
import {
  setStaffRolesInput,
  staffChange,
  staffInvitation,
  staffInvitationIdParams,
  staffInvitationList,
  staffInvitationPreview,
  staffInvitationTokenParams,
  staffList,
} from '../staff';
import { productIdParams } from '../store';
import { endpoint } from './endpoint';

/** Staff (docs/staff.md): a product's admins (and superusers) grant and revoke its staff roles by e-mail. */
export const staffApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/staff',
    summary: 'The QBank’s staff: everyone with a writer, auditor, instructor or admin role, and since when',
    tags: ['staff'],
    access: 'user',
    params: productIdParams,
    response: staffList,
  }),
  setRoles: endpoint({
    method: 'PUT',
    path: '/api/v2/products/:id/staff',
    summary:
      'Set a person’s staff roles by e-mail (those left out are revoked; none takes them off the staff). An address without an account gets an invitation mail with the roles. The last admin cannot be removed (409)',
    tags: ['staff'],
    access: 'user',
    params: productIdParams,
    body: setStaffRolesInput,
    response: staffChange,
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/api/v2/products/:id/staff/invitations',
    summary: 'The staff invitations not yet accepted nor revoked (pending and expired), newest first',
    tags: ['staff'],
    access: 'user',
    params: productIdParams,
    response: staffInvitationList,
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/api/v2/staffInvitations/:id/resend',
    summary: 'Send a staff invitation again with a new link (the old one stops working) and a new expiry',
    tags: ['staff'],
    access: 'user',
    params: staffInvitationIdParams,
    response: staffInvitation,
  }),
  revokeInvitation: endpoint({
    method: 'POST',
    path: '/api/v2/staffInvitations/:id/revoke',
    summary: 'Revoke a staff invitation: its link stops working',
    tags: ['staff'],
    access: 'user',
    params: staffInvitationIdParams,
    response: staffInvitation,
  }),
  invitationByToken: endpoint({
    method: 'GET',
    path: '/api/v2/staffInvitations/by-token/:token',
    summary:
      'What a staff invitation link offers: the QBank, the address and the roles (400 when it no longer works)',
    tags: ['staff'],
    access: 'public',
    params: staffInvitationTokenParams,
    response: staffInvitationPreview,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/v2/staffInvitations/by-token/:token/accept',
    summary:
      'Accept a staff invitation: a new account (name and password) is made, signed in and given the roles; signed in as the invited address, nothing is needed',
    tags: ['staff'],
    access: 'optional',
    params: staffInvitationTokenParams,
    body: acceptInvitationInput,
    response: acceptedInvitation,
  }),
};
