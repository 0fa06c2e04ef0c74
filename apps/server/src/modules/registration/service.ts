import { Brand, ErrorCode, Messages, RateLimits, type RegistrationData } from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
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
import {
  insertUser,
  insertUserIfNew,
  liveRegistrationBrowsers,
  spentLinkOfVerifiedAccount,
  updateUser,
  verifiedForBrowser,
} from './repository';

interface Initiate {
  firstName: string;
  lastName: string;
  username: string;
}
interface Streamlined {
  password?: string;
  stripePriceId: string;
}

/** Who is finishing a registration: its old session, where from. */
export interface Finisher {
  previousSessionId: string | undefined;
  client: Client;
}

/**
 * The registration cookie: `<user id>.<nonce>`, set by every start and kept by the browser that made it. The
 * links of that start carry the nonce's hash (`data.browser`), so the cookie lets this browser, and only it, ask
 * whether the e-mail has been verified meanwhile ('Verify your email' polls), and tells a restart from this
 * browser from one made elsewhere.
 */
function readBrowserCookie(value: string | undefined): { userId: string; nonceHash: string } | null {
  const m = value?.match(/^([0-9a-f-]{36})\.([\w-]{20,64})$/);
  return m ? { userId: m[1]!, nonceHash: sha256Hex(m[2]!) } : null;
}

/**
 * A streamlined link proceeds to checkout on any device (SPEC §2): the mail is often read on a phone, and the
 * person asked for a password once, when they started. That password was chosen by whoever started the
 * registration, so a start must not plant one on a registration someone else is waiting on: while a link sent to
 * another browser is live, a streamlined start is refused (the person can open the link they have, or wait the
 * hour it lasts). What remains is the mail holder opening a link for a registration they never started; it says
 * so, and a password reset takes the account back.
 */
async function refuseOtherBrowsersRegistration(
  tx: DbOrTx,
  userId: string,
  nonceHash: string | null,
  now: Date,
): Promise<void> {
  const browsers = await liveRegistrationBrowsers(tx, userId, now);
  if (browsers.some((b) => !b || !nonceHash || !safeEqual(b, nonceHash)))
    throw new AppError(
      ErrorCode.CONFLICT,
      'A verification email was already sent to this address from another browser. Open the link in it, or register again after it expires in an hour.',
      'username',
    );
}

/**
 * Issues a new registration link for the account (its earlier links stop working) and queues the "Verify your
 * email" mail with it, in the caller's transaction. A registration's start sends it, and so does a superuser's
 * resend (docs/superuser.md), whose link carries no browser and no checkout (`data` empty).
 */
export async function queueVerificationMail(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'mailer' | 'clock'>,
  to: { userId: string; email: string; firstName: string },
  data: Record<string, unknown>,
): Promise<void> {
  const token = await issueToken(tx, to.userId, 'REGISTRATION', deps.clock.now(), data);
  await deps.mailer.queue(
    tx,
    composeMail(
      to.email,
      `Verify your email for ${Brand.name}`,
      [
        `Hi ${to.firstName},`,
        `Thanks for registering with ${Brand.name}. Confirm your email address to ${data.stripePriceId ? 'continue to checkout' : 'finish setting up your account'}.`,
        'The link works once and expires after one hour. If you did not register, ignore this mail.',
      ],
      {
        label: 'Verify email',
        url: `${deps.config.publicUrl}/userRegistration?token=${encodeURIComponent(token)}`,
      },
    ),
  );
}

export function registrationService(deps: Deps) {
  const { db, limiter, payments } = deps;

  /**
   * Starts (or restarts) a registration and mails the verification link. Sending it again for a
   * registration not yet completed is how "Resend verification email" works: the old link stops working.
   * Every start answers the registration cookie of this browser (`browserCookie` is the one it sent, if any).
   */
  async function initiate(
    input: Initiate,
    client: Client,
    browserCookie: string | undefined,
    streamlined?: Streamlined,
    /** The referral token the browser carries: the sign-up is attributed to it (docs/sales.md). */
    referralTokenId?: string,
  ): Promise<{ browserCookie: string }> {
    await enforceRateLimits(limiter, [
      [`register:addr:${client.ip}`, RateLimits.registrationPerAddress],
      [`register:acct:${input.username}`, RateLimits.registrationPerAccount],
    ]);
    if (streamlined && !streamlined.password)
      throw new AppError(ErrorCode.VALIDATION, Messages.streamlinedNeedsPassword, 'password');
    const existing = await findUserByEmail(db, input.username);
    if (existing?.emailVerifiedAt)
      throw new AppError(ErrorCode.USER_EXISTS, 'A user exists with this email address', 'username');

    const sender = readBrowserCookie(browserCookie);
    const senderNonceHash = sender && sender.userId === existing?.id ? sender.nonceHash : null;
    // Checked again in the transaction, with the user's row locked; here so a refused start makes no customer.
    if (streamlined && existing)
      await refuseOtherBrowsersRegistration(db, existing.id, senderNonceHash, deps.clock.now());

    const browserNonce = randomToken(24);
    let data: Record<string, unknown> = { browser: sha256Hex(browserNonce) };
    let passwordHash: string | null | undefined;
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
      data = { ...data, customerId, stripePriceId: streamlined.stripePriceId };
    }

    const accountId = await db.transaction(async (tx) => {
      const now = deps.clock.now();
      let userId = existing?.id;
      const fields = {
        firstName: input.firstName,
        lastName: input.lastName,
        ...(passwordHash !== undefined ? { passwordHash } : {}),
        ...(data.customerId ? { stripeCustomerId: data.customerId as string } : {}),
        ...(referralTokenId ? { referralTokenId } : {}),
        updatedAt: now,
      };
      if (userId) {
        // The update locks the row: of two starts at once the second checks after the first's link exists.
        await updateUser(tx, userId, fields);
        if (streamlined) await refuseOtherBrowsersRegistration(tx, userId, senderNonceHash, now);
      } else {
        const made = await insertUserIfNew(tx, { email: input.username, ...fields });
        if (!made)
          throw new AppError(
            ErrorCode.CONFLICT,
            'This registration is already being processed. Please try again.',
          );
        userId = made;
      }
      await queueVerificationMail(
        tx,
        deps,
        { userId, email: input.username, firstName: input.firstName },
        data,
      );
      return userId;
    });
    deps.jobs.kick();
    return { browserCookie: `${accountId}.${browserNonce}` };
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
     * What a link carries, on any device: a streamlined link's customer and price lead to checkout (SPEC §2).
     * A signed-in visitor opening a spent link whose account is verified learns so (409 ALREADY_VERIFIED)
     * instead of 'Invalid Link … Register again'; signed out, every dead link stays the plain 400.
     */
    async fetchRegistration(token: string, signedIn = false): Promise<RegistrationData> {
      const row = await findLiveToken(db, token, 'REGISTRATION', deps.clock.now()).catch(async (e) => {
        if (signedIn && (await spentLinkOfVerifiedAccount(db, token)))
          throw new AppError(ErrorCode.ALREADY_VERIFIED, Messages.alreadyVerified, 'token');
        throw e;
      });
      const user = await findUserById(db, row.userId);
      if (!user) throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
      return {
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.email,
        customerId: typeof row.data.customerId === 'string' ? row.data.customerId : null,
        stripePriceId: typeof row.data.stripePriceId === 'string' ? row.data.stripePriceId : null,
      };
    },

    /**
     * Whether the registration this browser started last (its cookie) has its e-mail verified: 'Verify your
     * email' asks every few seconds, so the tab moves on when the link was opened on another device. One
     * indexed read; a missing, malformed or unknown cookie is simply not verified.
     */
    async status(browserCookie: string | undefined): Promise<{ verified: boolean }> {
      const sender = readBrowserCookie(browserCookie);
      if (!sender) return { verified: false };
      return { verified: (await verifiedForBrowser(db, sender.userId, sender.nonceHash)) === true };
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
        // A streamlined link never asks for a password again: its one way on is checkout.
        if (row.data.stripePriceId)
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

    /**
     * Finishes a streamlined registration, on whichever device opened the link (password given at the start),
     * and signs in there, ready for checkout. Of 20 at once, the token is consumed once: one signs in.
     */
    async completeStreamlined(token: string, who: Finisher) {
      const result = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, token, 'REGISTRATION', deps.clock.now());
        if (!row.data.stripePriceId)
          throw new AppError(
            ErrorCode.INVALID_TOKEN,
            'This link is not for a streamlined registration',
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
