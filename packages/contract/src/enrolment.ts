import { z } from 'zod';
import { firstNameField, lastNameField, passwordField } from './accounts';
import { emailProblem, normalizeEmail } from './email';
import { textField, wholeNumber } from './text';

// Enrolment: how students come into a private QBank (docs/enrolment.md) — invitations by e-mail, codes and
// links, and the seats they take.

const uuidField = (field: string) => z.uuid({ error: `${field} must be a UUID` });

/** Seats the Private plan includes; each student over them is billed per month (SPEC §1). */
export const INCLUDED_SEATS = 50;
/** The highest cap an admin may set. */
export const STUDENT_CAP_MAX = 1_000_000;

/** A product's seats: students with access now, the plan's included seats, the cap, and the last months' peaks. */
export const seats = z.object({
  used: z.number().int(),
  included: z.number().int(),
  /** Students over the included seats now. */
  extra: z.number().int(),
  /** The admin's hard cap, or null when there is none. */
  cap: z.number().int().nullable(),
  /** The most students with access in each month (newest first, up to 12): what extra seats are billed on. */
  months: z.array(z.object({ month: z.string(), peak: z.number().int(), extra: z.number().int() })),
});
export type Seats = z.infer<typeof seats>;

/** PUT products/{id}/seats/cap: a cap (at least 1), or null to lift it. */
export const seatCapInput = z.object({
  cap: z
    .number({ error: 'cap must be a whole number or null' })
    .int({ error: 'cap must be a whole number or null' })
    .min(1, { error: 'cap must be 1 or more' })
    .max(STUDENT_CAP_MAX, { error: `cap must be at most ${STUDENT_CAP_MAX}` })
    .nullable(),
});
export type SeatCapInput = z.infer<typeof seatCapInput>;

// ---- Invitations ----

/** The most addresses one invitation call takes. */
export const INVITE_MAX = 500;
/** How long an invitation's link works. */
export const INVITATION_DAYS = 14;

/** Splits a pasted list of addresses: commas, semicolons, spaces and line breaks all separate. */
export const splitEmails = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim().replace(/^<|>$/g, ''))
    .filter((s) => s !== '');

/**
 * POST products/{id}/invitations: addresses (a pasted list, or an array) and, optionally, a cohort they join.
 * Every address must be valid; the first bad one is named (`emails.N`) and nothing is sent.
 */
export const invitationsInput = z.object({
  emails: z
    .union([textField('emails'), z.array(textField('emails'))], {
      error: 'emails must be a list of e-mail addresses',
    })
    .transform((v, ctx) => {
      const list = typeof v === 'string' ? splitEmails(v) : v.map((s) => s.trim()).filter((s) => s !== '');
      if (list.length === 0) {
        ctx.issues.push({ code: 'custom', message: 'emails must name at least one address', input: v });
        return z.NEVER;
      }
      if (list.length > INVITE_MAX) {
        ctx.issues.push({
          code: 'custom',
          message: `emails must name at most ${INVITE_MAX} addresses`,
          input: v,
        });
        return z.NEVER;
      }
      const out: string[] = [];
      for (const [i, raw] of list.entries()) {
        const address = normalizeEmail(raw);
        const problem = emailProblem(address);
        if (problem) {
          ctx.issues.push({ code: 'custom', message: `${raw} ${problem}`, input: raw, path: [i] });
          return z.NEVER;
        }
        if (!out.includes(address)) out.push(address);
      }
      return out;
    }),
  cohortUuid: uuidField('cohortUuid').nullish(),
});
export type InvitationsInput = z.input<typeof invitationsInput>;

export const INVITE_OUTCOMES = ['JOINED', 'ALREADY_STUDENT', 'INVITED', 'REINVITED', 'HELD'] as const;
export type InviteOutcome = (typeof INVITE_OUTCOMES)[number];

/** What happened to each address: joined at once (an account exists), invited (a mail with a link), or left. */
export const invitationsResult = z.object({
  results: z.array(z.object({ email: z.string(), outcome: z.enum(INVITE_OUTCOMES) })),
  joined: z.number().int(),
  invited: z.number().int(),
});
export type InvitationsResult = z.infer<typeof invitationsResult>;

export const INVITATION_STATUSES = ['PENDING', 'EXPIRED', 'ACCEPTED', 'REVOKED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitation = z.object({
  uuid: z.uuid(),
  email: z.string(),
  cohort: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  status: z.enum(INVITATION_STATUSES),
  invitedAt: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationList = z.array(invitation);

/** GET products/{id}/invitations: the pending and expired ones (the newest first), or all. */
export const invitationListQuery = z.object({
  status: z.enum(['OPEN', 'ALL'], { error: 'status must be OPEN or ALL' }).default('OPEN'),
});

export const invitationIdParams = z.object({ id: uuidField('id') });
export const invitationTokenParams = z.object({
  token: textField('token').min(10, { error: 'Invalid Link' }).max(200, { error: 'Invalid Link' }),
});

/** GET invitations/by-token/{token}: what the invitation page shows before the person accepts. */
export const invitationPreview = z.object({
  productName: z.string(),
  email: z.string(),
  /** An account with this address exists: sign in as it to accept. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** POST invitations/by-token/{token}/accept: a new account's name and password; nothing when signed in as the address. */
export const acceptInvitationInput = z.object({
  firstName: firstNameField.optional(),
  lastName: lastNameField.optional(),
  password: passwordField().optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

export const joinedProduct = z.object({ productUuid: z.uuid(), productName: z.string() });
export type JoinedProduct = z.infer<typeof joinedProduct>;

/** An accepted invitation: the QBank, and the new session's access token when an account was made (else null). */
export const acceptedInvitation = joinedProduct.extend({ accessToken: z.string().nullable() });
export type AcceptedInvitation = z.infer<typeof acceptedInvitation>;

// ---- Codes ----

/** A code as people type it: letters and digits without look-alikes (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

export const enrolmentCodeInput = z.object({
  cohortUuid: uuidField('cohortUuid').nullish(),
  /** How many learners may join with it; none: no limit but the QBank's cap. */
  seatLimit: wholeNumber('seatLimit', 1, STUDENT_CAP_MAX).nullish(),
  /** Until when it works (an ISO date-time in the future); none: until revoked. */
  expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be a date and time' }).nullish(),
});
export type EnrolmentCodeInput = z.input<typeof enrolmentCodeInput>;

export const ENROLMENT_CODE_STATUSES = ['ACTIVE', 'FULL', 'EXPIRED', 'REVOKED'] as const;

export const enrolmentCode = z.object({
  uuid: z.uuid(),
  code: z.string(),
  cohort: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  seatLimit: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  status: z.enum(ENROLMENT_CODE_STATUSES),
  createdAt: z.string(),
});
export type EnrolmentCode = z.infer<typeof enrolmentCode>;
export const enrolmentCodeList = z.array(enrolmentCode);

export const enrolmentCodeIdParams = z.object({ id: uuidField('id') });
export const joinCodeParams = z.object({
  code: textField('code')
    .trim()
    .min(1, { error: 'code is required' })
    .max(40, { error: 'code must be at most 40 characters' }),
});

/** GET join/{code}: what the join page shows; `problem` says why it cannot be used (null: it can). */
export const joinCodePreview = z.object({
  productName: z.string(),
  problem: z.string().nullable(),
});
export type JoinCodePreview = z.infer<typeof joinCodePreview>;
