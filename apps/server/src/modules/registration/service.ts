import { Brand, ErrorCode, Messages, RateLimits, type RegistrationData } from '@qbank/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { billingPlans, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { composeMail } from '../../lib/mail-layout';
import { hashPassword } from '../../lib/passwords';
import { enforceRateLimits } from '../../lib/rate-limit';
import { startSession } from '../../plugins/session';
import { findUserByEmail, findUserById } from '../accounts/repository';
import { consumeToken, findLiveToken, issueToken } from '../accounts/tokens';

interface Initiate {
  firstName: string;
  lastName: string;
  username: string;
}
interface Streamlined {
  password?: string;
  stripePriceId: string;
}

export function registrationService(deps: Deps) {
  const { db, config, mailer, limiter, payments } = deps;
  const secure = config.publicUrl.startsWith('https:');

  /**
   * Starts (or restarts) a registration and mails the verification link. Sending it again for a
   * registration not yet completed is how "Resend verification email" works: the old link stops working.
   */
  async function initiate(req: FastifyRequest, input: Initiate, streamlined?: Streamlined) {
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
    if (streamlined) {
      const [plan] = await db
        .select({ id: billingPlans.id, priceCents: billingPlans.priceCents })
        .from(billingPlans)
        .where(and(eq(billingPlans.stripePriceId, streamlined.stripePriceId), eq(billingPlans.active, true)))
        .limit(1);
      if (!plan) throw new AppError(ErrorCode.VALIDATION, 'This plan is not available', 'stripePriceId');
      passwordHash = await hashPassword(streamlined.password!);
      const customerId =
        existing?.stripeCustomerId ??
        (await payments.createCustomer({
          email: input.username,
          name: `${input.firstName} ${input.lastName}`,
        }));
      data = { customerId, stripePriceId: streamlined.stripePriceId };
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
    deps.jobs.kick();
  }

  return {
    initiate,

    async fetchRegistration(token: string): Promise<RegistrationData> {
      const row = await findLiveToken(db, token, 'REGISTRATION');
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
        if (row.data.stripePriceId)
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
