import { Brand, ErrorCode, Messages, RateLimits } from '@qbank/contract';
import type { FastifyRequest } from 'fastify';
import { contactMessages } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { safeEqual, sha256Hex } from '../../lib/crypto';
import { composeMail } from '../../lib/mail-layout';
import { enforceRateLimits } from '../../lib/rate-limit';

interface ContactInput {
  firstName: string;
  lastName: string;
  emailAddress: string;
  contactUsSubject: 'SALES' | 'FEEDBACK' | 'SUPPORT' | 'OTHER';
  description: string;
}

export function contactService(deps: Deps) {
  const { db, mailer, limiter, config } = deps;
  return {
    /** Stores the message and mails it to support. The Body-Hash header must be the SHA-256 hex of the description as sent. */
    async send(
      req: FastifyRequest,
      input: ContactInput,
      rawDescription: unknown,
      bodyHash: string | undefined,
    ) {
      if (!bodyHash)
        throw new AppError(ErrorCode.VALIDATION, 'The Body-Hash header is required', 'Body-Hash');
      if (typeof rawDescription !== 'string' || !safeEqual(bodyHash.toLowerCase(), sha256Hex(rawDescription)))
        throw new AppError(ErrorCode.VALIDATION, Messages.bodyHashMismatch, 'Body-Hash');
      await enforceRateLimits(limiter, [[`contact:addr:${req.ip}`, RateLimits.contactPerAddress]]);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            firstName: input.firstName,
            lastName: input.lastName,
            emailAddress: input.emailAddress,
            subject: input.contactUsSubject,
            description: input.description,
            userId: req.auth?.userId ?? null,
          })
          .returning({ id: contactMessages.id });
        await mailer.queue(tx, {
          ...composeMail(
            config.supportEmail,
            `[${input.contactUsSubject}] Message from ${input.firstName} ${input.lastName}`,
            [
              `From: ${input.firstName} ${input.lastName} <${input.emailAddress}>`,
              `Subject: ${input.contactUsSubject}`,
              input.description,
            ],
          ),
        });
        await mailer.queue(
          tx,
          composeMail(input.emailAddress, `We received your message`, [
            `Hi ${input.firstName},`,
            `Thanks for contacting ${Brand.name}. We read every message and usually answer within one business day.`,
            `Your message: "${input.description.slice(0, 500)}${input.description.length > 500 ? '…' : ''}"`,
          ]),
        );
        return row!.id;
      });
      deps.jobs.kick();
      return { uuid: id };
    },
  };
}
