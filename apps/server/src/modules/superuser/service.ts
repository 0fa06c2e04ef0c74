import {
  ErrorCode,
  OWN_DISABLE_MESSAGE,
  OWN_SUPERUSER_MESSAGE,
  SUPER_USERS_PAGE_SIZE,
  type SuperUserActionResult,
  type SuperUserDetail,
  type SuperUserRow,
  type SuperUsersPage,
} from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { countSessionsOf, deleteSessionsOf } from '../accounts';
import { queueVerificationMail } from '../registration';
import {
  type AccountRow,
  findAccount,
  searchUsers,
  setDisabledAt,
  setSuperuserFlag,
  subscriptionsOf,
} from './repository';

const noSuchUser = () => new AppError(ErrorCode.NOT_FOUND, 'No such user', 'id');

const rowOf = (u: AccountRow): SuperUserRow => ({
  uuid: u.id,
  emailAddress: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  superuser: u.superuser,
  verified: u.verified,
  disabledAt: u.disabled_at?.toISOString() ?? null,
  createdAt: u.created_at.toISOString(),
});

/** Super → Users (docs/superuser.md): superusers find any account and act on it; each change is audited. */
export function superuserService(deps: Deps) {
  const { db, clock } = deps;
  const only = (actor: Actor) => authorize(actor, 'superuser.users', {});

  async function detail(tx: DbOrTx, u: AccountRow): Promise<SuperUserDetail> {
    const subs = await subscriptionsOf(tx, u.id);
    return {
      ...rowOf(u),
      sessions: await countSessionsOf(tx, u.id, clock.now()),
      subscriptions: subs.map((s) => ({
        subscriptionUuid: s.id,
        product: { uuid: s.product_id, name: s.product_name },
        type: s.type,
        active: s.active,
        held: s.held,
        student: s.student,
        questionWriter: s.question_writer,
        questionAuditor: s.question_auditor,
        instructor: s.instructor,
        admin: s.admin,
        createdAt: s.created_at.toISOString(),
      })),
    };
  }

  /**
   * One action on an account: its row locked, the change and its audit entry in one transaction, and the
   * account as it is after, read in it. `act` answers what it did, or null when there was nothing to change
   * (nothing written, nothing audited).
   */
  async function act(
    actor: Actor,
    userId: string,
    work: (tx: DbOrTx, before: AccountRow, now: Date) => Promise<{ message: string; sessionsEnded?: number }>,
  ): Promise<SuperUserActionResult> {
    await only(actor);
    return db.transaction(async (tx) => {
      const before = await findAccount(tx, userId, true);
      if (!before) throw noSuchUser();
      const done = await work(tx, before, clock.now());
      const after = await findAccount(tx, userId);
      return {
        user: await detail(tx, after!),
        sessionsEnded: done.sessionsEnded ?? 0,
        message: done.message,
      };
    });
  }

  const audit = (tx: DbOrTx, actor: Actor, action: string, now: Date, details: Record<string, unknown>) =>
    appendAudit(tx, { actorId: actor.userId, productId: null, action, details, at: now });

  return {
    async users(actor: Actor, search: string, page: number): Promise<SuperUsersPage> {
      await only(actor);
      const rows = await searchUsers(db, search, page);
      return {
        users: rows.slice(0, SUPER_USERS_PAGE_SIZE).map(rowOf),
        page,
        pageSize: SUPER_USERS_PAGE_SIZE,
        hasMore: rows.length > SUPER_USERS_PAGE_SIZE,
      };
    },

    async user(actor: Actor, userId: string): Promise<SuperUserDetail> {
      await only(actor);
      const u = await findAccount(db, userId);
      if (!u) throw noSuchUser();
      return detail(db, u);
    },

    /** Grants or revokes superuser; never one's own (a superuser cannot lock the last one out by mistake). */
    setSuperuser(actor: Actor, userId: string, superuser: boolean) {
      return act(actor, userId, async (tx, before, now) => {
        if (userId === actor.userId) throw new AppError(ErrorCode.FORBIDDEN, OWN_SUPERUSER_MESSAGE, 'id');
        if (before.superuser === superuser)
          return { message: superuser ? 'Already a superuser' : 'Not a superuser' };
        await setSuperuserFlag(tx, userId, superuser, now);
        await audit(tx, actor, superuser ? 'user.superuser.grant' : 'user.superuser.revoke', now, {
          userId,
          email: before.email,
          before: { superuser: before.superuser },
          after: { superuser },
        });
        return { message: superuser ? 'Superuser granted' : 'Superuser revoked' };
      });
    },

    /** Ends every session of the account (it signs in again, unless disabled). */
    endSessions(actor: Actor, userId: string) {
      return act(actor, userId, async (tx, before, now) => {
        const ended = await deleteSessionsOf(tx, userId);
        await audit(tx, actor, 'user.sessions.end', now, {
          userId,
          email: before.email,
          before: { sessions: ended },
          after: { sessions: 0 },
        });
        return { message: ended === 1 ? '1 session ended' : `${ended} sessions ended`, sessionsEnded: ended };
      });
    },

    /**
     * Disables the account (its sessions end in the same transaction; it cannot sign in; its data stays) or
     * enables it. The row lock orders it against a session being opened (accounts/sessions.ts).
     */
    setDisabled(actor: Actor, userId: string, disabled: boolean) {
      return act(actor, userId, async (tx, before, now) => {
        if (disabled && userId === actor.userId)
          throw new AppError(ErrorCode.FORBIDDEN, OWN_DISABLE_MESSAGE, 'id');
        if (!!before.disabled_at === disabled)
          return { message: disabled ? 'Already disabled' : 'Already enabled' };
        await setDisabledAt(tx, userId, disabled ? now : null, now);
        const ended = disabled ? await deleteSessionsOf(tx, userId) : 0;
        await audit(tx, actor, disabled ? 'user.disable' : 'user.enable', now, {
          userId,
          email: before.email,
          before: { disabledAt: before.disabled_at?.toISOString() ?? null },
          after: { disabledAt: disabled ? now.toISOString() : null },
          ...(disabled ? { sessionsEnded: ended } : {}),
        });
        return { message: disabled ? 'Account disabled' : 'Account enabled', sessionsEnded: ended };
      });
    },

    /** Mails an unverified account a new verification link (its earlier one stops working). */
    async resendVerification(actor: Actor, userId: string) {
      const result = await act(actor, userId, async (tx, before, now) => {
        if (before.verified) return { message: 'Already verified: no mail sent' };
        await queueVerificationMail(
          tx,
          deps,
          { userId, email: before.email, firstName: before.first_name },
          {},
        );
        await audit(tx, actor, 'user.verification.resend', now, {
          userId,
          email: before.email,
          before: { verified: false },
          after: { verified: false, mailed: true },
        });
        return { message: 'Verification mail sent' };
      });
      deps.jobs.kick();
      return result;
    },
  };
}
