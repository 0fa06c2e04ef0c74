import { z } from 'zod';
import { emailField } from './accounts';

// Staff (docs/staff.md): a product's writers, auditors, instructors and admins, granted and revoked by e-mail
// by its admins (and superusers); a new person gets an invitation whose link makes the account.

/** The roles an admin grants and revokes, as the API names them. */
export const STAFF_ROLES = ['WRITER', 'AUDITOR', 'INSTRUCTOR', 'ADMIN'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How each role reads on the screen. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  WRITER: 'Writer',
  AUDITOR: 'Auditor',
  INSTRUCTOR: 'Instructor',
  ADMIN: 'Admin',
};

/** How long a staff invitation's link works. */
export const STAFF_INVITATION_DAYS = 14;

/** The message the last admin's revocation is refused with (409 naming `roles`). */
export const LAST_ADMIN_MESSAGE =
  'A QBank needs at least one admin: make someone else an admin before removing the last one.';

const roleList = z
  .array(z.enum(STAFF_ROLES, { error: `roles must each be one of ${STAFF_ROLES.join(', ')}` }), {
    error: 'roles must be a list of roles',
  })
  .max(STAFF_ROLES.length, { error: `roles must name at most ${STAFF_ROLES.length} roles` })
  .transform((roles) => STAFF_ROLES.filter((r) => roles.includes(r)));

/**
 * PUT products/{id}/staff: the person's roles become exactly these (the ones left out are revoked; none at all
 * takes the person off the staff). An address without an account is invited with them.
 */
export const setStaffRolesInput = z.object({
  email: emailField('email'),
  roles: roleList,
});
export type SetStaffRolesInput = z.input<typeof setStaffRolesInput>;

/** One member of the staff: someone with at least one staff role and access to the QBank. */
export const staffMember = z.object({
  userUuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** They also study the QBank (a student's subscription with staff roles added). */
  student: z.boolean(),
  /** When they got their first staff role (of the ones they hold now without a break). */
  since: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffList = z.array(staffMember);

export const STAFF_INVITATION_STATUSES = ['PENDING', 'EXPIRED', 'ACCEPTED', 'REVOKED'] as const;

export const staffInvitation = z.object({
  uuid: z.uuid(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  status: z.enum(STAFF_INVITATION_STATUSES),
  invitedAt: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;
export const staffInvitationList = z.array(staffInvitation);

export const STAFF_CHANGE_OUTCOMES = ['UPDATED', 'UNCHANGED', 'REMOVED', 'INVITED', 'REINVITED'] as const;
export type StaffChangeOutcome = (typeof STAFF_CHANGE_OUTCOMES)[number];

/** What PUT products/{id}/staff did: the member as they are now (null when off the staff), or the invitation. */
export const staffChange = z.object({
  outcome: z.enum(STAFF_CHANGE_OUTCOMES),
  member: staffMember.nullable(),
  invitation: staffInvitation.nullable(),
});
export type StaffChange = z.infer<typeof staffChange>;

export const staffInvitationIdParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
export const staffInvitationTokenParams = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(10, { error: 'Invalid Link' })
    .max(200, { error: 'Invalid Link' }),
});

/** GET staffInvitations/by-token/{token}: what the link's page shows before the person accepts. */
export const staffInvitationPreview = z.object({
  productName: z.string(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** An account with this address exists: sign in as it to accept. */
  accountExists: z.boolean(),
});
export type StaffInvitationPreview = z.infer<typeof staffInvitationPreview>;
