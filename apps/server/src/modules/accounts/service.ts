import { Brand, ErrorCode, Messages, RateLimits } from '@qbank/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions, subscriptions, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { composeMail } from '../../lib/mail-layout';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { countFailure, enforceRateLimits, refuseIfLimited } from '../../lib/rate-limit';
import { type Auth, clearSessionCookie, startSession } from '../../plugins/session';
import { findUserByEmail, findUserById, loadUserMe } from './repository';
import { consumeToken, issueToken } from './tokens';

export function accountsService(deps: Deps) {
  const { db, config, mailer, limiter } = deps;
  const secure = config.publicUrl.startsWith('https:');

  return {
    async login(req: FastifyRequest, reply: FastifyReply, username: string, password: string) {
      const email = username.trim().toLowerCase();
      // Only failed sign-ins count against the limits: a user who signs in often is never locked out.
      const limits: Array<[string, readonly [number, number]]> = [
        [`login:acct:${email}`, RateLimits.loginPerAccount],
        [`login:addr:${req.ip}`, RateLimits.loginPerAddress],
      ];
      await refuseIfLimited(limiter, limits);
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(user?.emailVerifiedAt ? user.passwordHash : null, password);
      if (!user || !ok) {
        await countFailure(limiter, limits);
        throw new AppError(ErrorCode.BAD_CREDENTIALS, Messages.loginFailed);
      }
      const accessToken = await startSession(db, req, reply, user.id, secure);
      return { accessToken };
    },

    async logout(auth: Auth | null, reply: FastifyReply) {
      if (auth) await db.delete(sessions).where(eq(sessions.idHash, auth.sessionIdHash));
      clearSessionCookie(reply, secure);
    },

    async session(auth: Auth) {
      const user = await loadUserMe(db, auth.userId);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, Messages.needReauthorize);
      return { accessToken: auth.accessToken, user };
    },

    async me(auth: Auth) {
      const user = await loadUserMe(db, auth.userId);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, Messages.needReauthorize);
      return user;
    },

    /** A user may read themselves; a superuser may read anyone. Others get 404, not a hint that the id exists. */
    async getUser(auth: Auth, id: string) {
      if (id !== auth.userId && !auth.superuser) throw new AppError(ErrorCode.NOT_FOUND, 'No such user');
      const user = await loadUserMe(db, id);
      if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'No such user');
      return user;
    },

    /** Changes the active product: only one's own, and only a product one has an active subscription to. */
    async setLastUsed(auth: Auth, userUuid: string, productUuid: string) {
      if (userUuid !== auth.userId)
        throw new AppError(ErrorCode.FORBIDDEN, 'You can change only your own active product', 'userUuid');
      const [sub] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, auth.userId),
            eq(subscriptions.productId, productUuid),
            eq(subscriptions.active, true),
          ),
        )
        .limit(1);
      if (!sub)
        throw new AppError(
          ErrorCode.VALIDATION,
          'You have no active subscription to this product',
          'productUuid',
        );
      await db
        .update(users)
        .set({ lastUsedProductId: productUuid, updatedAt: new Date() })
        .where(eq(users.id, auth.userId));
      return loadUserMe(db, auth.userId);
    },

    /** Checks the current password, changes it, ends the user's other sessions and mails a notice (DESIGN.md §5). */
    async updatePassword(auth: Auth, currentPassword: string, newPassword: string) {
      await enforceRateLimits(limiter, [[`pwupdate:${auth.userId}`, RateLimits.passwordUpdatePerAccount]]);
      const user = await findUserById(db, auth.userId);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword)))
        throw new AppError(ErrorCode.VALIDATION, Messages.currentPasswordWrong, 'currentPassword');
      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(users)
          .set({ passwordHash: hash, passwordChangedAt: now, updatedAt: now })
          .where(eq(users.id, user.id));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, user.id), ne(sessions.idHash, auth.sessionIdHash)));
        await mailer.queue(
          tx,
          composeMail(
            user.email,
            `Your ${Brand.name} password was changed`,
            [
              `Hi ${user.firstName},`,
              `The password of your ${Brand.name} account was changed on ${now.toUTCString()}. Other devices were signed out.`,
              `If this was not you, reset your password now and contact us at ${config.supportEmail}.`,
            ],
            { label: 'Reset password', url: `${config.publicUrl}/resetPassword` },
          ),
        );
      });
      deps.jobs.kick();
    },

    /** Always answers the same, whether or not the address has an account, so it cannot be used to find accounts. */
    async initiatePasswordReset(req: FastifyRequest, emailAddress: string) {
      await enforceRateLimits(limiter, [
        [`reset:acct:${emailAddress}`, RateLimits.resetPerAccount],
        [`reset:addr:${req.ip}`, RateLimits.resetPerAddress],
      ]);
      const user = await findUserByEmail(db, emailAddress);
      if (!user?.emailVerifiedAt) return;
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, user.id, 'PASSWORD_RESET');
        await mailer.queue(
          tx,
          composeMail(
            user.email,
            `Reset your ${Brand.name} password`,
            [
              `Hi ${user.firstName},`,
              'Someone asked to reset the password of your account. Use the link below to choose a new one. The link works once and expires after one hour.',
              'If you did not ask for this, ignore this mail: your password stays as it is.',
            ],
            {
              label: 'Choose a new password',
              url: `${config.publicUrl}/resetPassword?token=${encodeURIComponent(token)}`,
            },
          ),
        );
      });
      deps.jobs.kick();
    },

    /** Sets the new password from a reset link and signs the user out everywhere. */
    async completePasswordReset(token: string, newPassword: string, emailAddress?: string) {
      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const row = await consumeToken(tx, token, 'PASSWORD_RESET');
        const user = await findUserById(tx, row.userId);
        if (!user || (emailAddress && emailAddress !== user.email))
          throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
        const now = new Date();
        await tx
          .update(users)
          .set({ passwordHash: hash, passwordChangedAt: now, updatedAt: now })
          .where(eq(users.id, user.id));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
      });
    },
  };
}
