import {
  type AcceptInvitationInput,
  Brand,
  ErrorCode,
  type JoinedProduct,
  LAST_ADMIN_MESSAGE,
  STAFF_INVITATION_DAYS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffChange,
  type StaffInvitation,
  type StaffInvitationPreview,
  type StaffMember,
  type StaffRole,
} from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { composeMail } from '../../infra/mail-layout';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { type Actor, authorize } from '../../policies';
import { findUserByEmail, openSession, setLastUsedProduct } from '../accounts';
import { findProduct } from '../store';
import {
  acceptStaffInvitation,
  countAdmins,
  findMember,
  findStaffInvitation,
  findStaffInvitationByToken,
  insertStaffSubscription,
  listStaff,
  listStaffInvitations,
  lockAdminsAnd,
  type MemberRow,
  productName,
  renewStaffInvitation,
  reopenAsStaff,
  revokeStaffInvitation,
  rolesOf,
  type StaffInvitationRow,
  setRoles,
  upsertStaffInvitation,
  verifiedUserByEmail,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const noSuchInvitation = () => new AppError(ErrorCode.NOT_FOUND, 'No such staff invitation', 'id');
const invalidLink = () =>
  new AppError(
    ErrorCode.INVALID_TOKEN,
    'This invitation link no longer works. Ask an admin of the QBank to send a new one.',
    'token',
  );

const toMember = (m: MemberRow): StaffMember => ({
  userUuid: m.user_id,
  name: `${m.first_name} ${m.last_name}`.trim(),
  email: m.email,
  roles: rolesOf(m),
  student: m.student,
  since: m.since.toISOString(),
});

function invitationStatus(i: StaffInvitationRow, now: Date): StaffInvitation['status'] {
  if (i.acceptedAt) return 'ACCEPTED';
  if (i.revokedAt) return 'REVOKED';
  return i.expiresAt <= now ? 'EXPIRED' : 'PENDING';
}

const toInvitation = (i: StaffInvitationRow, now: Date): StaffInvitation => ({
  uuid: i.id,
  email: i.email,
  roles: i.roles,
  status: invitationStatus(i, now),
  invitedAt: i.createdAt.toISOString(),
  sentAt: i.sentAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

/** "writer and admin", for mails. */
const roleWords = (roles: readonly StaffRole[]) => {
  const words = roles.map((r) => STAFF_ROLE_LABELS[r].toLowerCase());
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
};

/**
 * Sets one user's staff roles in the product, in the caller's transaction, with its audit entry (before and
 * after). The product's admins and the user's subscription are locked first, in user order, so the last admin
 * survives any number of revocations at once. Answers the roles before and after, or throws the last admin's
 * refusal.
 */
export async function applyStaffRoles(
  tx: DbOrTx,
  v: {
    productId: string;
    userId: string;
    /** The roles wanted; with `grantOnly`, added to the ones held. */
    roles: readonly StaffRole[];
    grantOnly?: boolean;
    actorId: string;
    now: Date;
    details?: Record<string, unknown>;
  },
): Promise<{ before: StaffRole[]; after: StaffRole[]; row: MemberRow | null }> {
  await lockAdminsAnd(tx, v.productId, v.userId);
  const row = await findMember(tx, v.productId, v.userId);
  const before = row?.active ? rolesOf(row) : [];
  const after = v.grantOnly
    ? STAFF_ROLES.filter((r) => before.includes(r) || v.roles.includes(r))
    : [...v.roles];
  if (before.length === after.length && before.every((r) => after.includes(r))) return { before, after, row };
  if (before.includes('ADMIN') && !after.includes('ADMIN') && (await countAdmins(tx, v.productId)) <= 1)
    throw new AppError(ErrorCode.CONFLICT, LAST_ADMIN_MESSAGE, 'roles');
  const w = { productId: v.productId, userId: v.userId, roles: after, now: v.now };
  if (!row) await insertStaffSubscription(tx, w);
  else if (!row.active) await reopenAsStaff(tx, w);
  else await setRoles(tx, w);
  await appendAudit(tx, {
    actorId: v.actorId,
    productId: v.productId,
    action: 'staff.roles',
    details: { userId: v.userId, before, after, ...v.details },
    at: v.now,
  });
  return { before, after, row: await findMember(tx, v.productId, v.userId) };
}

async function mailStaffInvitation(
  tx: DbOrTx,
  { mailer, config }: Pick<Deps, 'mailer' | 'config'>,
  i: { email: string; roles: readonly StaffRole[] },
  product: string,
  token: string,
  expiresAt: Date,
) {
  await mailer.queue(
    tx,
    composeMail(
      i.email,
      `You are invited to the staff of ${product} on ${Brand.name}`,
      [
        'Hello,',
        `An admin of ${product} on ${Brand.name} has invited you to join its staff as ${roleWords(i.roles)}. Create your account with the link below and the QBank opens for you.`,
        `The link works until ${expiresAt.toUTCString()}. If you did not expect this invitation, ignore this mail.`,
      ],
      {
        label: 'Accept the invitation',
        url: `${config.publicUrl}/staff-invitation/${encodeURIComponent(token)}`,
      },
    ),
  );
}

/**
 * Invites an address without an account to the product's staff with the roles, in the caller's transaction: a
 * new link (an earlier pending one for the address is renewed), its mail queued, and its audit entry. The
 * caller kicks the jobs after the commit.
 */
export async function sendStaffInvitation(
  tx: DbOrTx,
  deps: Pick<Deps, 'mailer' | 'config'>,
  v: { productId: string; product: string; email: string; roles: StaffRole[]; actorId: string; now: Date },
): Promise<{ id: string; renewed: boolean }> {
  const token = randomToken();
  const expiresAt = new Date(v.now.getTime() + STAFF_INVITATION_DAYS * DAY_MS);
  const { id, renewed } = await upsertStaffInvitation(tx, {
    productId: v.productId,
    email: v.email,
    roles: v.roles,
    tokenHash: sha256Hex(token),
    invitedBy: v.actorId,
    now: v.now,
    expiresAt,
  });
  await mailStaffInvitation(tx, deps, { email: v.email, roles: v.roles }, v.product, token, expiresAt);
  await appendAudit(tx, {
    actorId: v.actorId,
    productId: v.productId,
    action: renewed ? 'staffInvitation.resend' : 'staffInvitation.send',
    details: { invitationId: id, email: v.email, roles: v.roles },
    at: v.now,
  });
  return { id, renewed };
}

/** Staff (docs/staff.md): a product's admins and superusers grant and revoke its staff roles by e-mail. */
export function staffService(deps: Deps) {
  const { db, clock, mailer, config } = deps;

  /** The caller runs the product, and it exists (a superuser may name any product). */
  async function managing(actor: Actor, productId: string) {
    await authorize(actor, 'staff.manage', { productId });
    if (actor.superuser && !(await findProduct(db, productId)))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
  }

  /** An invitation the caller may manage; else it does not exist for them. */
  async function managedInvitation(actor: Actor, id: string) {
    const seen = await findStaffInvitation(db, id);
    if (!seen) throw noSuchInvitation();
    await managing(actor, seen.productId).catch(() => {
      throw noSuchInvitation();
    });
    return seen;
  }

  const mailInvitation = (
    tx: DbOrTx,
    i: { email: string; roles: readonly StaffRole[] },
    product: string,
    token: string,
    expiresAt: Date,
  ) => mailStaffInvitation(tx, deps, i, product, token, expiresAt);

  return {
    /** GET products/{id}/staff. */
    async list(actor: Actor, productId: string): Promise<StaffMember[]> {
      await managing(actor, productId);
      return (await listStaff(db, productId)).map(toMember);
    },

    /**
     * PUT products/{id}/staff: an account with the address gets exactly these roles at once (and a notice of the
     * ones added); any other address gets an invitation with them. One transaction with its audit entry.
     */
    async setRoles(
      actor: Actor,
      productId: string,
      input: { email: string; roles: StaffRole[] },
    ): Promise<StaffChange> {
      await managing(actor, productId);
      const product = (await productName(db, productId))!;
      const answer = await db.transaction(async (tx): Promise<StaffChange> => {
        const now = clock.now();
        const account = await verifiedUserByEmail(tx, input.email);
        if (account) {
          const { before, after, row } = await applyStaffRoles(tx, {
            productId,
            userId: account.id,
            roles: input.roles,
            actorId: actor.userId,
            now,
            details: { email: input.email },
          });
          const added = after.filter((r) => !before.includes(r));
          if (added.length > 0)
            await mailer.queue(
              tx,
              composeMail(
                input.email,
                `You are now ${roleWords(added)} of ${product}`,
                [
                  `Hi ${account.first_name},`,
                  `An admin of ${product} on ${Brand.name} has made you ${roleWords(added)} of it.`,
                ],
                { label: `Open ${product}`, url: `${config.publicUrl}/dashboard` },
              ),
            );
          const same = before.length === after.length && before.every((r) => after.includes(r));
          const member = row?.active && after.length > 0 ? toMember(row) : null;
          return {
            outcome: same ? 'UNCHANGED' : after.length === 0 ? 'REMOVED' : 'UPDATED',
            member,
            invitation: null,
          };
        }
        if (input.roles.length === 0)
          throw new AppError(
            ErrorCode.VALIDATION,
            `${input.email} has no account here: choose at least one role to invite them`,
            'roles',
          );
        const { id, renewed } = await sendStaffInvitation(tx, deps, {
          productId,
          product,
          email: input.email,
          roles: input.roles,
          actorId: actor.userId,
          now,
        });
        return {
          outcome: renewed ? 'REINVITED' : 'INVITED',
          member: null,
          invitation: toInvitation((await findStaffInvitation(tx, id))!, now),
        };
      });
      deps.jobs.kick();
      return answer;
    },

    /** GET products/{id}/staff/invitations. */
    async invitations(actor: Actor, productId: string): Promise<StaffInvitation[]> {
      await managing(actor, productId);
      const now = clock.now();
      return (await listStaffInvitations(db, productId)).map((i) => toInvitation(i, now));
    },

    /** POST staffInvitations/{id}/resend: a new link (the old one stops working) and a new expiry. */
    async resend(actor: Actor, id: string): Promise<StaffInvitation> {
      const seen = await managedInvitation(actor, id);
      const product = (await productName(db, seen.productId))!;
      const answer = await db.transaction(async (tx) => {
        const i = (await findStaffInvitation(tx, id, true))!;
        if (i.acceptedAt || i.revokedAt)
          throw new AppError(
            ErrorCode.CONFLICT,
            i.acceptedAt ? 'This invitation has been accepted' : 'This invitation has been revoked',
            'id',
          );
        const now = clock.now();
        const token = randomToken();
        const expiresAt = new Date(now.getTime() + STAFF_INVITATION_DAYS * DAY_MS);
        await renewStaffInvitation(tx, i.id, sha256Hex(token), now, expiresAt);
        await mailInvitation(tx, i, product, token, expiresAt);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: i.productId,
          action: 'staffInvitation.resend',
          details: { invitationId: i.id, email: i.email, roles: i.roles },
          at: now,
        });
        return toInvitation((await findStaffInvitation(tx, id))!, now);
      });
      deps.jobs.kick();
      return answer;
    },

    /** POST staffInvitations/{id}/revoke: its link stops working. Revoking it again changes nothing. */
    async revoke(actor: Actor, id: string): Promise<StaffInvitation> {
      await managedInvitation(actor, id);
      return db.transaction(async (tx) => {
        const i = (await findStaffInvitation(tx, id, true))!;
        const now = clock.now();
        if (i.acceptedAt) throw new AppError(ErrorCode.CONFLICT, 'This invitation has been accepted', 'id');
        if (!i.revokedAt) {
          await revokeStaffInvitation(tx, i.id, now);
          await appendAudit(tx, {
            actorId: actor.userId,
            productId: i.productId,
            action: 'staffInvitation.revoke',
            details: { invitationId: i.id, email: i.email, roles: i.roles },
            at: now,
          });
        }
        return toInvitation((await findStaffInvitation(tx, id))!, now);
      });
    },

    /** GET staffInvitations/by-token/{token}: what the link offers, while it works. */
    async invitationPreview(token: string): Promise<StaffInvitationPreview> {
      const i = await findStaffInvitationByToken(db, sha256Hex(token));
      if (!i || invitationStatus(i, clock.now()) !== 'PENDING') throw invalidLink();
      const account = await findUserByEmail(db, i.email);
      return {
        productName: (await productName(db, i.productId))!,
        email: i.email,
        roles: i.roles,
        accountExists: !!account?.emailVerifiedAt,
      };
    },

    /**
     * POST staffInvitations/by-token/{token}/accept. As an enrolment invitation (docs/enrolment.md): a person
     * without an account gives a name and a password and gets a verified account, signed in; an address with an
     * account accepts signed in as it. The roles are added to any the person holds. The link works once.
     */
    async acceptInvitation(
      actor: Actor | null,
      token: string,
      input: AcceptInvitationInput,
      who: { previousSessionId?: string; client: { ip: string; userAgent: string | null } },
    ): Promise<JoinedProduct & { session: { sessionId: string; accessToken: string } | null }> {
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const { userId, productId, isNew } = await db.transaction(async (tx) => {
        const now = clock.now();
        const i = await findStaffInvitationByToken(tx, sha256Hex(token), true);
        if (!i || invitationStatus(i, now) !== 'PENDING') throw invalidLink();
        const existing = await findUserByEmail(tx, i.email);
        let userId: string;
        let isNew = false;
        if (existing?.emailVerifiedAt) {
          if (actor?.userId !== existing.id)
            throw new AppError(
              ErrorCode.CONFLICT,
              `An account with ${i.email} exists: sign in as ${i.email} to accept the invitation`,
              'token',
            );
          userId = existing.id;
        } else {
          if (!input.firstName)
            throw new AppError(ErrorCode.VALIDATION, 'First name is required', 'firstName');
          if (!input.lastName) throw new AppError(ErrorCode.VALIDATION, 'Last name is required', 'lastName');
          if (!passwordHash) throw new AppError(ErrorCode.VALIDATION, 'Password is required', 'password');
          // A registration started and never finished holds the address: the invitation finishes it.
          const [row] = rowsOf(
            await tx.execute(sql`
              INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at, created_at, updated_at)
              VALUES (${i.email}, ${input.firstName}, ${input.lastName}, ${passwordHash}, ${now}, ${now}, ${now})
              ON CONFLICT (email) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
                password_hash = excluded.password_hash, email_verified_at = excluded.email_verified_at,
                updated_at = excluded.updated_at
              RETURNING id`),
          ) as Array<{ id: string }>;
          userId = row!.id;
          isNew = true;
        }
        await applyStaffRoles(tx, {
          productId: i.productId,
          userId,
          roles: i.roles,
          grantOnly: true,
          actorId: userId,
          now,
          details: { invitationId: i.id, invitedBy: i.invitedBy, email: i.email },
        });
        await acceptStaffInvitation(tx, i.id, userId, now);
        await setLastUsedProduct(tx, userId, i.productId, now);
        return { userId, productId: i.productId, isNew };
      });
      const session = isNew
        ? await openSession(db, {
            userId,
            previousSessionId: who.previousSessionId,
            client: who.client,
            now: clock.now(),
          })
        : null;
      return { productUuid: productId, productName: (await productName(db, productId))!, session };
    },
  };
}
