import {
  ACCOUNT_DISABLED_MESSAGE,
  Brand,
  ErrorCode,
  Messages,
  normalizeEmail,
  RateLimits,
} from '@qbank/contract';
import type { Deps } from '../../deps';
import { composeMail } from '../../infra/mail-layout';
import type { Client } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { enforceRateLimits, type RateLimitChecks, reserveAttempt } from '../../lib/rate-limit';
import { type Actor, authorize } from '../../policies';
import { knownDevices } from './known-devices';
import {
  deleteSession,
  deleteSessionsOf,
  findUserByEmail,
  findUserById,
  loadUserMe,
  setLastUsedProduct,
  setPassword,
  setUserName,
} from './repository';
import { openSession } from './sessions';
import { consumeToken, issueToken } from './tokens';

export function accountsService(deps: Deps) {
  const { db, config, mailer, limiter, clock } = deps;
  const devices = knownDevices(db, clock);

  return {
    /**
     * Signs in: answers the new session's id and access token, and the known-device cookie value (the route
     * sets both cookies). `deviceCookie` is the known-device cookie the browser sent, if any.
     */
    async login(
      username: string,
      password: string,
      client: Client,
      cookies: { previousSessionId: string | undefined; deviceCookie: string | undefined },
    ) {
      const { previousSessionId, deviceCookie } = cookies;
      // The one stored form of an address (NFKC, lower case): a full-width copy signs in to the same account.
      const email = normalizeEmail(username);
      const user = await findUserByEmail(db, email);
      const device = user ? await devices.recognise(deviceCookie, user.id) : null;
      // Only failed sign-ins count, but each attempt's slot is taken before the password is checked (and
      // given back when it succeeds), so concurrent guesses cannot all get through. A device that signed in
      // to this account before has its own allowance: other people's failures cannot lock its owner out.
      const limits: RateLimitChecks = device
        ? [[`login:device:${email}:${device}`, RateLimits.loginPerKnownDevice]]
        : [
            [`login:pair:${email}:${client.ip}`, RateLimits.loginPerAccountAndAddress],
            [`login:acct:${email}`, RateLimits.loginPerAccount],
            [`login:addr:${client.ip}`, RateLimits.loginPerAddress],
          ];
      const attempt = await reserveAttempt(limiter, limits);
      const ok = await verifyPassword(user?.emailVerifiedAt ? user.passwordHash : null, password);
      if (!user || !ok) throw new AppError(ErrorCode.BAD_CREDENTIALS, Messages.loginFailed);
      await attempt.refund();
      // Told only to whoever knows the password; openSession checks again, with the row locked.
      if (user.disabledAt) throw new AppError(ErrorCode.FORBIDDEN, ACCOUNT_DISABLED_MESSAGE);
      const session = await openSession(db, { userId: user.id, previousSessionId, client, now: clock.now() });
      return { ...session, deviceCookie: await devices.remember(user.id) };
    },

    async logout(actor: Actor | null) {
      if (actor) await deleteSession(db, actor.session.idHash);
    },

    async session(actor: Actor) {
      const user = await loadUserMe(db, actor.userId);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, Messages.needReauthorize);
      return { accessToken: actor.session.accessToken, user };
    },

    async me(actor: Actor) {
      const user = await loadUserMe(db, actor.userId);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, Messages.needReauthorize);
      return user;
    },

    /** Renames the signed-in user (the contract has already trimmed and checked both names). */
    async updateName(actor: Actor, name: { firstName: string; lastName: string }) {
      await setUserName(db, actor.userId, name, clock.now());
      const user = await loadUserMe(db, actor.userId);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, Messages.needReauthorize);
      return user;
    },

    /** A user may read themselves; a superuser may read anyone. Others get 404, not a hint that the id exists. */
    async getUser(actor: Actor, id: string) {
      await authorize(actor, 'user.read', { userId: id });
      const user = await loadUserMe(db, id);
      if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'No such user');
      return user;
    },

    /** Changes the active product: only one's own, and only a product one has an active subscription to. */
    async setLastUsed(actor: Actor, userUuid: string, productUuid: string) {
      await authorize(actor, 'user.setActiveProduct', { userId: userUuid });
      await authorize(actor, 'product.makeActive', { productId: productUuid });
      await setLastUsedProduct(db, actor.userId, productUuid, clock.now());
      return loadUserMe(db, actor.userId);
    },

    /** Checks the current password, changes it, ends the user's other sessions and mails a notice (DESIGN.md §5). */
    async updatePassword(actor: Actor, currentPassword: string, newPassword: string) {
      await enforceRateLimits(limiter, [[`pwupdate:${actor.userId}`, RateLimits.passwordUpdatePerAccount]]);
      const user = await findUserById(db, actor.userId);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword)))
        throw new AppError(ErrorCode.VALIDATION, Messages.currentPasswordWrong, 'currentPassword');
      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const now = clock.now();
        await setPassword(tx, user.id, hash, now);
        await deleteSessionsOf(tx, user.id, actor.session.idHash);
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
    async initiatePasswordReset(emailAddress: string, client: Client) {
      await enforceRateLimits(limiter, [
        [`reset:acct:${emailAddress}`, RateLimits.resetPerAccount],
        [`reset:addr:${client.ip}`, RateLimits.resetPerAddress],
      ]);
      const user = await findUserByEmail(db, emailAddress);
      if (!user?.emailVerifiedAt) return;
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, user.id, 'PASSWORD_RESET', clock.now());
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
        const row = await consumeToken(tx, token, 'PASSWORD_RESET', clock.now());
        const user = await findUserById(tx, row.userId);
        if (!user || (emailAddress && emailAddress !== user.email))
          throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
        const now = clock.now();
        await setPassword(tx, user.id, hash, now);
        await deleteSessionsOf(tx, user.id);
      });
    },
  };
}
