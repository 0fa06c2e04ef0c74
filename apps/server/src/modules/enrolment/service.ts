import { randomInt } from 'node:crypto';
import {
  type AcceptInvitationInput,
  Brand,
  CODE_ALPHABET,
  CODE_LENGTH,
  type EnrolmentCode,
  ErrorCode,
  INCLUDED_SEATS,
  INVITATION_DAYS,
  type Invitation,
  type InvitationPreview,
  type InvitationsResult,
  type JoinCodePreview,
  type JoinedProduct,
  type Seats,
} from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { composeMail } from '../../infra/mail-layout';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { ACCESS_HELD_MESSAGE, type Actor, authorize } from '../../policies';
import { findUserByEmail, openSession, setLastUsedProduct } from '../accounts';
import { findCohort } from '../roster';
import { findProduct } from '../store';
import { enrolStudents } from './enrol';
import {
  acceptInvitation,
  type CodeRow,
  countCodeUse,
  findCode,
  findCodeByText,
  findInvitation,
  findInvitationByToken,
  type InvitationRow,
  insertCode,
  listCodes,
  listInvitations,
  productName,
  renewInvitation,
  revokeCode,
  revokeInvitation,
  seatsOf,
  setStudentCap,
  upsertInvitation,
  verifiedUsersByEmail,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const invalidLink = () =>
  new AppError(
    ErrorCode.INVALID_TOKEN,
    'This invitation link no longer works. Ask your instructor to send a new one.',
    'token',
  );
const noSuchInvitation = () => new AppError(ErrorCode.NOT_FOUND, 'No such invitation', 'id');
const noSuchCode = () => new AppError(ErrorCode.NOT_FOUND, 'No such enrolment code', 'code');

/** Where an invitation stands now. */
function invitationStatus(i: InvitationRow, now: Date): Invitation['status'] {
  if (i.acceptedAt) return 'ACCEPTED';
  if (i.revokedAt) return 'REVOKED';
  return i.expiresAt <= now ? 'EXPIRED' : 'PENDING';
}

const toInvitation = (i: InvitationRow, now: Date): Invitation => ({
  uuid: i.id,
  email: i.email,
  cohort: i.cohort ? { uuid: i.cohort.id, name: i.cohort.name } : null,
  status: invitationStatus(i, now),
  invitedAt: i.createdAt.toISOString(),
  sentAt: i.sentAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

/** Why a code cannot be used now, in the learner's words; null when it can. */
function codeProblem(c: CodeRow, now: Date): string | null {
  if (c.revokedAt) return 'This code has been revoked. Ask your instructor for a new one.';
  if (c.expiresAt && c.expiresAt <= now) return 'This code has expired. Ask your instructor for a new one.';
  if (c.seatLimit !== null && c.uses >= c.seatLimit)
    return 'This code has been used by as many learners as it was for. Ask your instructor for a new one.';
  return null;
}

const toCode = (c: CodeRow, now: Date): EnrolmentCode => ({
  uuid: c.id,
  code: c.code,
  cohort: c.cohort ? { uuid: c.cohort.id, name: c.cohort.name } : null,
  seatLimit: c.seatLimit,
  uses: c.uses,
  expiresAt: c.expiresAt?.toISOString() ?? null,
  status: c.revokedAt
    ? 'REVOKED'
    : c.expiresAt && c.expiresAt <= now
      ? 'EXPIRED'
      : c.seatLimit !== null && c.uses >= c.seatLimit
        ? 'FULL'
        : 'ACTIVE',
  createdAt: c.createdAt.toISOString(),
});

/** A code of CODE_LENGTH letters and digits nobody confuses. */
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Enrolment (docs/enrolment.md): seats and the cap, invitations by e-mail, enrolment codes. Every student
 * comes in through enrolStudents (enrol.ts), in the transaction that decides it.
 */
export function enrolmentService(deps: Deps) {
  const { db, clock, mailer, config } = deps;

  /** The caller may enrol the product's students, and it exists (a superuser may name any product). */
  async function enrolling(actor: Actor, productId: string) {
    await authorize(actor, 'enrolment.manage', { productId });
    if (actor.superuser && !(await findProduct(db, productId)))
      throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
  }

  /** A cohort named in a request: one of the product's, not archived. */
  async function cohortOf(productId: string, cohortId: string | null | undefined) {
    if (!cohortId) return null;
    const c = await findCohort(db, cohortId);
    if (!c || c.productId !== productId)
      throw new AppError(ErrorCode.VALIDATION, 'No such cohort in this QBank', 'cohortUuid');
    if (c.archivedAt)
      throw new AppError(ErrorCode.VALIDATION, 'This cohort is archived: restore it first', 'cohortUuid');
    return c;
  }

  async function seatsAnswer(productId: string): Promise<Seats> {
    const s = await seatsOf(db, productId);
    return {
      used: s.used,
      included: INCLUDED_SEATS,
      extra: Math.max(0, s.used - INCLUDED_SEATS),
      cap: s.cap,
      months: s.months.map((m) => ({ ...m, extra: Math.max(0, m.peak - INCLUDED_SEATS) })),
    };
  }

  /** The invitation mail: its link registers the person and enrols them. */
  async function mailInvitation(tx: DbOrTx, email: string, product: string, token: string, expiresAt: Date) {
    await mailer.queue(
      tx,
      composeMail(
        email,
        `You are invited to ${product} on ${Brand.name}`,
        [
          'Hello,',
          `Your instructor has invited you to study with ${product} on ${Brand.name}. Create your account with the link below and the QBank opens for you.`,
          `The link works until ${expiresAt.toUTCString()}. If you did not expect this invitation, ignore this mail.`,
        ],
        {
          label: 'Accept the invitation',
          url: `${config.publicUrl}/invitation/${encodeURIComponent(token)}`,
        },
      ),
    );
  }

  /** An invitation the caller may manage, else it does not exist for them. */
  async function managedInvitation(actor: Actor, id: string) {
    const seen = await findInvitation(db, id);
    if (!seen) throw noSuchInvitation();
    await enrolling(actor, seen.productId).catch(() => {
      throw noSuchInvitation();
    });
    return seen;
  }

  return {
    /** GET products/{id}/seats. */
    async seats(actor: Actor, productId: string): Promise<Seats> {
      await enrolling(actor, productId);
      return seatsAnswer(productId);
    },

    /** PUT products/{id}/seats/cap: admins only; written to the product's history. */
    async setCap(actor: Actor, productId: string, cap: number | null): Promise<Seats> {
      await authorize(actor, 'seats.manage', { productId });
      if (actor.superuser && !(await findProduct(db, productId)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      await db.transaction(async (tx) => {
        const [before] = rowsOf(
          await tx.execute(sql`SELECT student_cap FROM products WHERE id = ${productId} FOR UPDATE`),
        ) as Array<{ student_cap: number | null }>;
        if ((before?.student_cap ?? null) === cap) return;
        await setStudentCap(tx, productId, cap);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId,
          action: 'seats.cap',
          details: { from: before?.student_cap ?? null, to: cap },
          at: clock.now(),
        });
      });
      return seatsAnswer(productId);
    },

    /**
     * POST products/{id}/invitations: an address with a verified account joins at once (and gets a notice);
     * any other gets an invitation mail (a pending one is renewed: a new link, a new expiry). All in one
     * transaction: the cap refuses the whole call, never a part of it.
     */
    async invite(
      actor: Actor,
      productId: string,
      input: { emails: string[]; cohortUuid?: string | null },
    ): Promise<InvitationsResult> {
      await enrolling(actor, productId);
      const cohort = await cohortOf(productId, input.cohortUuid);
      const product = (await productName(db, productId))!;
      const results = await db.transaction(async (tx) => {
        const now = clock.now();
        const accounts = await verifiedUsersByEmail(tx, input.emails);
        const enrolled = await enrolStudents(tx, {
          productId,
          userIds: [...accounts.values()].map((u) => u.id),
          cohortId: cohort?.id ?? null,
          actorId: actor.userId,
          source: 'INVITATION',
          now,
        });
        const joined = new Set(enrolled.joined);
        const held = new Set(enrolled.held);
        const out: InvitationsResult['results'] = [];
        for (const email of input.emails) {
          const account = accounts.get(email);
          if (account) {
            const outcome = held.has(account.id)
              ? 'HELD'
              : joined.has(account.id)
                ? 'JOINED'
                : 'ALREADY_STUDENT';
            out.push({ email, outcome });
            if (outcome === 'JOINED')
              await mailer.queue(
                tx,
                composeMail(
                  email,
                  `You have been added to ${product}`,
                  [
                    `Hi ${account.firstName},`,
                    `Your instructor has added you to ${product} on ${Brand.name}. It is in your QBanks now.`,
                  ],
                  { label: `Open ${product}`, url: `${config.publicUrl}/dashboard` },
                ),
              );
            continue;
          }
          const token = randomToken();
          const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
          const { id, renewed } = await upsertInvitation(tx, {
            productId,
            email,
            cohortId: cohort?.id ?? null,
            tokenHash: sha256Hex(token),
            invitedBy: actor.userId,
            now,
            expiresAt,
          });
          await mailInvitation(tx, email, product, token, expiresAt);
          await appendAudit(tx, {
            actorId: actor.userId,
            productId,
            action: renewed ? 'invitation.resend' : 'invitation.send',
            details: { invitationId: id, email, cohortId: cohort?.id ?? null },
            at: now,
          });
          out.push({ email, outcome: renewed ? 'REINVITED' : 'INVITED' });
        }
        return out;
      });
      deps.jobs.kick();
      return {
        results,
        joined: results.filter((r) => r.outcome === 'JOINED').length,
        invited: results.filter((r) => r.outcome === 'INVITED' || r.outcome === 'REINVITED').length,
      };
    },

    /** GET products/{id}/invitations. */
    async invitations(actor: Actor, productId: string, status: 'OPEN' | 'ALL'): Promise<Invitation[]> {
      await enrolling(actor, productId);
      const now = clock.now();
      return (await listInvitations(db, productId, status === 'ALL')).map((i) => toInvitation(i, now));
    },

    /** POST invitations/{id}/resend: a new link (the old one stops working) and a new expiry. */
    async resend(actor: Actor, id: string): Promise<Invitation> {
      const seen = await managedInvitation(actor, id);
      const product = (await productName(db, seen.productId))!;
      const answer = await db.transaction(async (tx) => {
        const i = (await findInvitation(tx, id, true))!;
        if (i.acceptedAt || i.revokedAt)
          throw new AppError(
            ErrorCode.CONFLICT,
            i.acceptedAt ? 'This invitation has been accepted' : 'This invitation has been revoked',
            'id',
          );
        const now = clock.now();
        const token = randomToken();
        const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
        await renewInvitation(tx, i.id, sha256Hex(token), now, expiresAt);
        await mailInvitation(tx, i.email, product, token, expiresAt);
        await appendAudit(tx, {
          actorId: actor.userId,
          productId: i.productId,
          action: 'invitation.resend',
          details: { invitationId: i.id, email: i.email },
          at: now,
        });
        return toInvitation((await findInvitation(tx, id))!, now);
      });
      deps.jobs.kick();
      return answer;
    },

    /** POST invitations/{id}/revoke: its link stops working. Revoking it again changes nothing. */
    async revoke(actor: Actor, id: string): Promise<Invitation> {
      await managedInvitation(actor, id);
      return db.transaction(async (tx) => {
        const i = (await findInvitation(tx, id, true))!;
        const now = clock.now();
        if (i.acceptedAt) throw new AppError(ErrorCode.CONFLICT, 'This invitation has been accepted', 'id');
        if (!i.revokedAt) {
          await revokeInvitation(tx, i.id, now);
          await appendAudit(tx, {
            actorId: actor.userId,
            productId: i.productId,
            action: 'invitation.revoke',
            details: { invitationId: i.id, email: i.email },
            at: now,
          });
        }
        return toInvitation((await findInvitation(tx, id))!, now);
      });
    },

    /** GET invitations/by-token/{token}: what the link offers, while it works. */
    async invitationPreview(token: string): Promise<InvitationPreview> {
      const i = await findInvitationByToken(db, sha256Hex(token));
      if (!i || invitationStatus(i, clock.now()) !== 'PENDING') throw invalidLink();
      const account = await findUserByEmail(db, i.email);
      return {
        productName: (await productName(db, i.productId))!,
        email: i.email,
        accountExists: !!account?.emailVerifiedAt,
      };
    },

    /**
     * POST invitations/by-token/{token}/accept. The link proves the address: a person without an account gives
     * a name and a password and gets a verified account, signed in. An address that has an account joins only
     * when signed in as it. The link works once: of two accepts at once, one joins and the other finds it spent.
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
        const i = await findInvitationByToken(tx, sha256Hex(token), true);
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
          const fields = {
            first_name: input.firstName,
            last_name: input.lastName,
            password_hash: passwordHash,
          };
          // A registration started and never finished holds the address: the invitation finishes it.
          const [row] = rowsOf(
            await tx.execute(sql`
              INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at, created_at, updated_at)
              VALUES (${i.email}, ${fields.first_name}, ${fields.last_name}, ${fields.password_hash}, ${now}, ${now}, ${now})
              ON CONFLICT (email) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
                password_hash = excluded.password_hash, email_verified_at = excluded.email_verified_at,
                updated_at = excluded.updated_at
              RETURNING id`),
          ) as Array<{ id: string }>;
          userId = row!.id;
          isNew = true;
        }
        const enrolled = await enrolStudents(tx, {
          productId: i.productId,
          userIds: [userId],
          cohortId: i.cohort?.id ?? null,
          actorId: userId,
          source: 'INVITATION',
          now,
          details: { invitationId: i.id },
        });
        if (enrolled.held.length > 0) throw new AppError(ErrorCode.FORBIDDEN, ACCESS_HELD_MESSAGE, 'token');
        await acceptInvitation(tx, i.id, userId, now);
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

    /** GET products/{id}/enrolmentCodes. */
    async codes(actor: Actor, productId: string): Promise<EnrolmentCode[]> {
      await enrolling(actor, productId);
      const now = clock.now();
      return (await listCodes(db, productId)).map((c) => toCode(c, now));
    },

    /** POST products/{id}/enrolmentCodes: a new code, unique across products (drawn again on a clash). */
    async createCode(
      actor: Actor,
      productId: string,
      input: { cohortUuid?: string | null; seatLimit?: number | null; expiresAt?: string | null },
    ): Promise<EnrolmentCode> {
      await enrolling(actor, productId);
      const cohort = await cohortOf(productId, input.cohortUuid);
      const now = clock.now();
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt <= now)
        throw new AppError(ErrorCode.VALIDATION, 'expiresAt must be in the future', 'expiresAt');
      return db.transaction(async (tx) => {
        for (let attempt = 0; attempt < 5; attempt++) {
          const code = newCode();
          const id = await insertCode(tx, {
            productId,
            code,
            cohortId: cohort?.id ?? null,
            seatLimit: input.seatLimit ?? null,
            expiresAt,
            createdBy: actor.userId,
            now,
          });
          if (!id) continue;
          await appendAudit(tx, {
            actorId: actor.userId,
            productId,
            action: 'code.create',
            details: { codeId: id, code, cohortId: cohort?.id ?? null, seatLimit: input.seatLimit ?? null },
            at: now,
          });
          return toCode((await findCode(tx, id))!, now);
        }
        throw new Error('Could not draw a free enrolment code in 5 attempts');
      });
    },

    /** POST enrolmentCodes/{id}/revoke (again: nothing changes). */
    async revokeCode(actor: Actor, id: string): Promise<EnrolmentCode> {
      const seen = await findCode(db, id);
      if (!seen) throw new AppError(ErrorCode.NOT_FOUND, 'No such enrolment code', 'id');
      await enrolling(actor, seen.productId).catch(() => {
        throw new AppError(ErrorCode.NOT_FOUND, 'No such enrolment code', 'id');
      });
      return db.transaction(async (tx) => {
        const c = (await findCode(tx, id, true))!;
        const now = clock.now();
        if (!c.revokedAt) {
          await revokeCode(tx, c.id, now);
          await appendAudit(tx, {
            actorId: actor.userId,
            productId: c.productId,
            action: 'code.revoke',
            details: { codeId: c.id, code: c.code },
            at: now,
          });
        }
        return toCode((await findCode(tx, id))!, now);
      });
    },

    /** GET join/{code}: the QBank it opens, and why it cannot be used when it cannot. */
    async codePreview(code: string): Promise<JoinCodePreview> {
      const c = await findCodeByText(db, code);
      if (!c) throw noSuchCode();
      return { productName: (await productName(db, c.productId))!, problem: codeProblem(c, clock.now()) };
    },

    /**
     * POST join/{code}: the signed-in learner joins. The code's row is locked, so its seat limit holds however
     * many join at once; a learner already a student joins nothing and uses no seat.
     */
    async join(actor: Actor, code: string): Promise<JoinedProduct> {
      const productId = await db.transaction(async (tx) => {
        const c = await findCodeByText(tx, code, true);
        if (!c) throw noSuchCode();
        const now = clock.now();
        const problem = codeProblem(c, now);
        if (problem) throw new AppError(ErrorCode.CONFLICT, problem, 'code');
        const enrolled = await enrolStudents(tx, {
          productId: c.productId,
          userIds: [actor.userId],
          cohortId: c.cohort?.id ?? null,
          actorId: actor.userId,
          source: 'CODE',
          now,
          details: { codeId: c.id },
        });
        if (enrolled.held.length > 0) throw new AppError(ErrorCode.FORBIDDEN, ACCESS_HELD_MESSAGE, 'code');
        if (enrolled.joined.length > 0) await countCodeUse(tx, c.id);
        await setLastUsedProduct(tx, actor.userId, c.productId, now);
        return c.productId;
      });
      return { productUuid: productId, productName: (await productName(db, productId))! };
    },
  };
}
