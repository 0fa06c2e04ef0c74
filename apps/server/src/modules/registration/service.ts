import { Brand, ErrorCode, Messages, RateLimits, type RegistrationData } from '@qbank/contract';
import type { Deps } from '../../deps';
import { composeMail } from '../../infra/mail-layout';
import type { Client } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { enforceRateLimits } from '../../lib/rate-limit';
import {
  consumeToken,
  findLiveToken,
  findUserByEmail,
  findUserById,
  issueToken,
  openSession,
} from '../accounts';
import { planOnSale } from '../store';
import { insertUser, insertUserIfNew, spentLinkOfVerifiedAccount, updateUser } from './repository';

interface Initiate {
  firstName: string;
  lastName: string;
  username: string;
}
interface Streamlined {
  password?: string;
  stripePriceId: string;
}

/** Who is finishing a registration: the browser's registration nonce (its cookie), its old session, where from. */
export interface Finisher {
  browserNonce: string | undefined;
  previousSessionId: string | undefined;
  client: Client;
}

/**
 * A streamlined registration is bound to the browser that started it: anyone can start one for any address,
 * choosing the password, so the link may skip the password form only in that browser (the nonce the start
 * answered, kept in a cookie by the route). Opened anywhere else (the mail read on a phone, or a registration
 * someone else started for this address), the link asks the person holding it for a password, so nobody can
 * plant a password on another person's new account.
 */
function sameBrowser(nonce: string | undefined, data: Record<string, unknown>): boolean {
  return typeof data.browser === 'string' && !!nonce && safeEqual(sha256Hex(nonce), data.browser);
}

export function registrationService(deps: Deps) {
  const { db, config, mailer, limiter, payments } = deps;

  /**
   * Starts (or restarts) a registration and mails the verification link. Sending it again for a
   * registration not yet completed is how "Resend verification email" works: the old link stops working.
   * A streamlined start answers the nonce that binds it to this browser.
   */
  async function initiate(
    input: Initiate,
    client: Client,
    streamlined?: Streamlined,
  ): Promise<{ browserNonce: string | null }> {
    await enforceRateLimits(limiter, [
      [`register:addr:${client.ip}`, RateLimits.registrationPerAddress],
      [`register:acct:${input.username}`, RateLimits.registrationPerAccount],
    ]);
    if (streamlined && !streamlined.password)
      throw new AppError(ErrorCode.VALIDATION, Messages.streamlinedNeedsPassword, 'password');
    const existing = await findUserByEmail(db, input.username);
    if (existing?.emailVerifiedAt)
      throw new AppError(ErrorCode.USER_EXISTS, 'A user exists with this email address', 'username');

    let data: Record<string, unknown> = {};
    let passwordHash: string | null | undefined;
    let browserNonce: string | null = null;
    if (streamlined) {
      const onSale = await planOnSale(db, streamlined.stripePriceId);
      if (!onSale) throw new AppError(ErrorCode.VALIDATION, 'This plan is not available', 'stripePriceId');
      passwordHash = await hashPassword(streamlined.password!);
      const customerId =
        existing?.stripeCustomerId ??
        (await payments.createCustomer({
          email: input.username,
          name: `${input.firstName} ${input.lastName}`,
        }));
      browserNonce = randomToken(24);
      data = { customerId, stripePriceId: streamlined.stripePriceId, browser: sha256Hex(browserNonce) };
    }

    await db.transaction(async (tx) => {
      const now = deps.clock.now();
      let userId = existing?.id;
      const fields = {
        firstName: input.firstName,
        lastName: input.lastName,
        ...(passwordHash !== undefined ? { passwordHash } : {}),
        ...(data.customerId ? { stripeCustomerId: data.customerId as string } : {}),
        updatedAt: now,
      };
      if (userId) await updateUser(tx, userId, fields);
      else {
        const made = await insertUserIfNew(tx, { email: input.username, ...fields });
        if (!made)
          throw new AppError(
            ErrorCode.CONFLICT,
            'This registration is already being processed. Please try again.',
          );
        userId = made;
      }
      const token = await issueToken(tx, userId, 'REGISTRATION', deps.clock.now(), data);
      await mailer.queue(
        tx,
        composeMail(
          input.username,
          `Verify your email for ${Brand.name}`,
          [
            `Hi ${input.firstName},`,
            `Thanks for registering with ${Brand.name}. Confirm your email address to ${streamlined ? 'continue to checkout' : 'finish setting up your account'}.`,
            'The link works once and expires after one hour. If you did not register, ignore this mail.',
          ],
          {
            label: 'Verify email',
            url: `${config.publicUrl}/userRegistration?token=${encodeURIComponent(token)}`,
          },
        ),
      );
    });
    deps.jobs.kick();
    return { browserNonce };
  }

  return {
    initiate,

    /**
     * The operator's create-user (cli.ts): a verified user who signs in with this password, or, when the address
     * already has an account, that account with this password, verified, and made superuser if asked (never
     * made less than it was).
     */
    async createVerifiedUser(input: {
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      superuser: boolean;
    }): Promise<'created' | 'updated'> {
      const existing = await findUserByEmail(db, input.email);
      const passwordHash = await hashPassword(input.password);
      const now = deps.clock.now();
      if (existing) {
        await updateUser(db, existing.id, {
          passwordHash,
          emailVerifiedAt: existing.emailVerifiedAt ?? now,
          superuser: input.superuser || existing.superuser,
        });
        return 'updated';
      }
      await insertUser(db, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        emailVerifiedAt: now,
        superuser: input.superuser,
      });
      return 'created';
    },

    /**
     * What a link carries; a streamlined link opened outside the browser that started it asks for a password.
     * A signed-in visitor opening a spent link whose account is verified learns so (409 ALREADY_VERIFIED)
     * instead of 'Invalid Link … Register again'; signed out, every dead link stays the plain 400.
     */
    async fetchRegistration(
      token: string,
      browserNonce: string | undefined,
      signedIn = false,
    ): Promise<RegistrationData> {
      const row = await findLiveToken(db, token, 'REGISTRATION', deps.clock.now()).catch(async (e) => {
        if (signedIn && (await spentLinkOfVerifiedAccount(db, token)))
          throw new AppError(ErrorCode.ALREADY_VERIFIED, Messages.alreadyVerified, 'token');
        throw e;
      });
      const user = await findUserById(db, row.userId);
      if (!user) throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
      if (row.data.stripePriceId && !sameBrowser(browserNonce, row.data))
        return {
          firstName: user.firstName,
          lastName: user.lastName,
          username: user.email,
          customerId: null,
          stripePriceId: null,
        };
      return {
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.email,
        customerId: typeof row.data.customerId === 'string' ? row.data.customerId : null,
        stripePriceId: typeof row.data.stripePriceId === 'string' ? row.data.stripePriceId : null,
      };
    },

    /** Finishes a registration from its link: sets names and password, verifies the e-mail and signs in. */
    async complete(
      token: string,
      input: { firstName: string; lastName: string; password: string },
      who: Finisher,
    ) {
      const hash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, token, 'REGISTRATION', deps.clock.now());
        if (row.data.stripePriceId && sameBrowser(who.browserNonce, row.data))
          throw new AppError(
            ErrorCode.INVALID_TOKEN,
            'This link continues to checkout; open it again',
            'token',
          );
        const now = deps.clock.now();
        await updateUser(tx, row.userId, {
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash: hash,
          emailVerifiedAt: now,
          updatedAt: now,
        });
        return row.userId;
      });
      return openSession(db, {
        userId,
        previousSessionId: who.previousSessionId,
        client: who.client,
        now: deps.clock.now(),
      });
    },

    /** Finishes a streamlined registration (password given at the start) and signs in, ready for checkout. */
    async completeStreamlined(token: string, who: Finisher) {
      const result = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, token, 'REGISTRATION', deps.clock.now());
        if (!row.data.stripePriceId)
          throw new AppError(
            ErrorCode.INVALID_TOKEN,
            'This link is not for a streamlined registration',
            'token',
          );
        if (!sameBrowser(who.browserNonce, row.data))
          throw new AppError(
            ErrorCode.INVALID_TOKEN,
            'Open this link in the browser you registered in, or choose a password to finish',
            'token',
          );
        const user = await findUserById(tx, row.userId);
        if (!user?.passwordHash)
          throw new AppError(ErrorCode.VALIDATION, Messages.streamlinedNeedsPassword, 'password');
        const now = deps.clock.now();
        await updateUser(tx, row.userId, { emailVerifiedAt: now, updatedAt: now });
        return {
          userId: row.userId,
          customerId: String(row.data.customerId),
          stripePriceId: String(row.data.stripePriceId),
        };
      });
      const session = await openSession(db, {
        userId: result.userId,
        previousSessionId: who.previousSessionId,
        client: who.client,
        now: deps.clock.now(),
      });
      return { ...session, customerId: result.customerId, stripePriceId: result.stripePriceId };
    },
  };
}
