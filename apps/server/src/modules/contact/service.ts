import { Brand, ErrorCode, Messages, RateLimits } from '@qbank/contract';
import type { Deps } from '../../deps';
import { composeMail } from '../../infra/mail-layout';
import type { Client } from '../../lib/answers';
import { AppError } from '../../lib/app-error';
import { safeEqual, sha256Hex } from '../../lib/crypto';
import { enforceRateLimits } from '../../lib/rate-limit';
import { findSameMessageSince, insertMessage, lockSender } from './repository';

interface ContactInput {
  firstName: string;
  lastName: string;
  emailAddress: string;
  contactUsSubject: 'SALES' | 'FEEDBACK' | 'SUPPORT' | 'OTHER';
  description: string;
}

/** A second identical message from one sender within this time is a double submit: it creates nothing. */
const DOUBLE_SUBMIT_WINDOW_MS = 10 * 60 * 1000;

/** Acknowledgements one e-mail address may receive: [max, window in ms]. */
const ACKNOWLEDGEMENTS_PER_RECIPIENT = [3, 60 * 60 * 1000] as const;

export function contactService(deps: Deps) {
  const { db, mailer, limiter, config } = deps;
  return {
    /** Stores the message and mails it to support. The Body-Hash header must be the SHA-256 hex of the description as sent. */
    async send(
      sender: { userId: string | null; client: Client },
      input: ContactInput,
      rawDescription: unknown,
      bodyHash: string | undefined,
    ) {
      if (!bodyHash)
        throw new AppError(ErrorCode.VALIDATION, 'The Body-Hash header is required', 'Body-Hash');
      // A header is Latin-1 text of any length: only a SHA-256 hex digest is compared.
      if (!/^[0-9a-f]{64}$/i.test(bodyHash))
        throw new AppError(ErrorCode.VALIDATION, 'Body-Hash must be a SHA-256 hex digest', 'Body-Hash');
      if (typeof rawDescription !== 'string' || !safeEqual(bodyHash.toLowerCase(), sha256Hex(rawDescription)))
        throw new AppError(ErrorCode.VALIDATION, Messages.bodyHashMismatch, 'Body-Hash');
      // Per network address, and per signed-in account so that one account cannot flood support from many
      // addresses. Not per typed e-mail address: anyone can type anyone's, which would let a stranger lock a
      // person out of the form (the acknowledgements to one inbox are limited below instead).
      const limits: Array<[string, readonly [number, number]]> = [
        [`contact:addr:${sender.client.ip}`, RateLimits.contactPerAddress],
      ];
      if (sender.userId) limits.push([`contact:user:${sender.userId}`, RateLimits.contactPerAccount]);
      await enforceRateLimits(limiter, limits);
      const [maxAcks, ackWindowMs] = ACKNOWLEDGEMENTS_PER_RECIPIENT;
      const acknowledge = (await limiter.hit(`contact:ack:${input.emailAddress}`, maxAcks, ackWindowMs))
        .allowed;
      const id = await db.transaction(async (tx) => {
        // A double submit (the same message from the same sender moments ago) answers the first one's id
        // and stores and mails nothing more (DESIGN.md §4). The lock makes two at the same moment queue.
        await lockSender(tx, input.emailAddress);
        const message = {
          firstName: input.firstName,
          lastName: input.lastName,
          emailAddress: input.emailAddress,
          subject: input.contactUsSubject,
          description: input.description,
        };
        const since = new Date(deps.clock.nowMs() - DOUBLE_SUBMIT_WINDOW_MS);
        const earlier = await findSameMessageSince(tx, message, since);
        if (earlier) return earlier;
        const stored = await insertMessage(tx, { ...message, userId: sender.userId });
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
        // Anyone can type any address here, so the acknowledgement repeats nothing the sender wrote (no
        // names, no description: the form is not a way to mail one's own words to a stranger) and one
        // inbox gets a few an hour at most.
        if (acknowledge)
          await mailer.queue(
            tx,
            composeMail(input.emailAddress, 'We received your message', [
              'Hello,',
              `Thanks for contacting ${Brand.name}. We read every message and usually answer within one business day.`,
              `If you did not write to us, ignore this mail or tell us at ${config.supportEmail}.`,
            ]),
          );
        return stored;
      });
      deps.jobs.kick();
      return { uuid: id };
    },
  };
}
