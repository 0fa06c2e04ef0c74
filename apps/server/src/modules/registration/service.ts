import { Brand, ErrorCode, Messages, RateLimits, type RegistrationData } from '@qbank/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto';
import { composeMail } from '../../lib/mail-layout';
import { hashPassword } from '../../lib/passwords';
import { enforceRateLimits } from '../../lib/rate-limit';
import { startSession } from '../../plugins/session';
import { findUserByEmail, findUserById } from '../accounts/repository';
import { consumeToken, findLiveToken, issueToken } from '../accounts/tokens';
import { planOnSale } from '../store/repository';

interface Initiate {
  firstName: string;
  lastName: string;
  username: string;
}
interface Streamlined {
  password?: string;
  stripePriceId: string;
}

/**
 * A streamlined registration is bound to the browser that started it: anyone can start one for any address,
 * choosing the password, so the link may skip the password form only in that browser. Opened anywhere else
 * (the mail read on a phone, or a registration someone else started for this address), the link asks the
 * person holding it for a password, so nobody can plant a password on another person's new account.
 */
const BROWSER_COOKIE = 'qbank_registration';
const REGISTRATION_TTL_S = 60 * 60;

function sameBrowser(req: FastifyRequest, data: Record<string, unknown>): boolean {
  const nonce = req.cookies[BROWSER_COOKIE];
  return typeof data.browser === 'string' && !!nonce && safeEqual(sha256Hex(nonce), data.browser);
}

export function registrationService(deps: Deps) {
  const { db, config, mailer, limiter, payments } = deps;
  const secure = config.publicUrl.startsWith('https:');

  /**
   * Starts (or restarts) a registration and mails the verification link. Sending it again for a
   * registration not yet completed is how "Resend verification email" works: the old link stops working.
   */
  async function initiate(
    req: FastifyRequest,
    input: Initiate,
    streamlined?: Streamlined,
    reply?: FastifyReply,
  ) {
    await enforceRateLimits(limiter, [
      [`register:addr:${req.ip}`, RateLimits.registrationPerAddress],
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
      const now = new Date();
      let userId = existing?.id;
      const fields = {
        firstName: input.firstName,
        lastName: input.lastName,
        ...(passwordHash !== undefined ? { passwordHash } : {}),
        ...(data.customerId ? { stripeCustomerId: data.customerId as string } : {}),
        updatedAt: now,
      };
      if (userId) await tx.update(users).set(fields).where(eq(users.id, userId));
      else {
        const [u] = await tx
          .insert(users)
          .values({ email: input.username, ...fields })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!u)
          throw new AppError(
            ErrorCode.CONFLICT,
            'This registration is already being processed. Please try again.',
          );
        userId = u.id;
      }
      const token = await issueToken(tx, userId, 'REGISTRATION', data);
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
    if (browserNonce)
      reply?.setCookie(BROWSER_COOKIE, browserNonce, {
        path: '/api/v1/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: REGISTRATION_TTL_S,
      });
    deps.jobs.kick();
  }

  return {
    initiate,

    /** What a link carries; a streamlined link opened outside the browser that started it asks for a password. */
    async fetchRegistration(req: FastifyRequest, token: string): Promise<RegistrationData> {
      const row = await findLiveToken(db, token, 'REGISTRATION');
      const user = await findUserById(db, row.userId);
      if (!user) throw new AppError(ErrorCode.INVALID_TOKEN, Messages.invalidLink, 'token');
      if (row.data.stripePriceId && !sameBrowser(req, row.data))
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
      req: FastifyRequest,
      reply: FastifyReply,
      token: string,
      input: { firstName: string; lastName: string; password: string },
    ) {
      const hash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, token, 'REGISTRATION');
        if (row.data.stripePriceId && sameBrowser(req, row.data))
          throw new AppError(
            ErrorCode.INVALID_TOKEN,
            'This link continues to checkout; open it again',
            'token',
          );
        const now = new Date();
        await tx
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash: hash,
            emailVerifiedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, row.userId));
        return row.userId;
      });
      return { accessToken: await startSession(db, req, reply, userId, secure) };
    },

    /** Finishes a streamlined registration (password given at the start) and signs in, ready for checkout. */
    async completeStreamlined(req: FastifyRequest, reply: FastifyReply, token: string) {
      const result = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, token, 'REGISTRATION');
        if (!row.data.stripePriceId)
          throw new AppError(
            ErrorCode.INVALID_TOKEN,
            'This link is not for a streamlined registration',
            'token',
          );
        if (!sameBrowser(req, row.data))
          throw new AppError(
            ErrorCode.INVALID_TOKEN,
            'Open this link in the browser you registered in, or choose a password to finish',
            'token',
          );
        const user = await findUserById(tx, row.userId);
        if (!user?.passwordHash)
          throw new AppError(ErrorCode.VALIDATION, Messages.streamlinedNeedsPassword, 'password');
        const now = new Date();
        await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, row.userId));
        return {
          userId: row.userId,
          customerId: String(row.data.customerId),
          stripePriceId: String(row.data.stripePriceId),
        };
      });
      const accessToken = await startSession(db, req, reply, result.userId, secure);
      return { accessToken, customerId: result.customerId, stripePriceId: result.stripePriceId };
    },
  };
}
