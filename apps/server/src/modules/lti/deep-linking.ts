import { ErrorCode, LTI_CLAIM, LTI_DL_CLAIM, ltiDeepLinkInput, templateInput } from '@qbank/contract';
import { SignJWT } from 'jose';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { makeActor } from '../../policies';
import { findUserById } from '../accounts';
import { assignmentsService } from '../assignments';
import { findProduct } from '../store';
import { rolesByProduct } from '../subscriptions';
import { listTemplates } from '../test-bank';
import { findDeepLink, insertPlacement, useDeepLink } from './grades-repository';
import { signingKey } from './keys';
import { cohortOfContext, findCourse, findPlatform } from './repository';
import type { PickerTemplate } from './tool-pages';

// LTI Deep Linking 2.0 (docs/lti.md): an instructor adds the bank to their course from the course's editor; the
// platform's deep linking launch opens the tool's picker; the template chosen becomes an assignment of the
// course's cohort, placed in the course, and the tool hands the platform back a signed LtiResourceLink with a
// line item, which the platform adds to the course and its grade book.

/** How long the picker of a deep linking launch works. */
export const DEEP_LINK_TTL_MS = 30 * 60 * 1000;
/** The line item's maximum: scores are percentages. */
export const SCORE_MAXIMUM = 100;
/** The custom parameter a placed link carries: the assignment it opens. */
export const PLACED_ASSIGNMENT = 'qbank_assignment';

/** The picker's form in error: each message under its field, the values as typed. */
export class PickerError extends Error {
  constructor(
    readonly errors: Record<string, string>,
    readonly values: Record<string, string>,
  ) {
    super('The form has errors');
  }
}

const gone = () =>
  new AppError(
    ErrorCode.NOT_FOUND,
    'This page has expired or was used: add the activity from your course again.',
    'code',
  );

export function ltiDeepLinkingService(deps: Deps) {
  const { db, clock, config } = deps;
  const origin = new URL(config.publicUrl).origin;
  const assignments = assignmentsService(deps);

  /** The request behind a code, live and unused, with its platform and bank. */
  async function live(code: string) {
    const d = await findDeepLink(db, sha256Hex(code));
    if (!d || d.used_at || d.expires_at <= clock.now()) throw gone();
    const platform = await findPlatform(db, d.platform_id);
    const product = platform && (await findProduct(db, platform.productId));
    if (!platform?.enabled || !product) throw gone();
    return { d, platform, product };
  }

  return {
    /** What the picker shows: the bank, the course and the bank's templates (latest change first). */
    async picker(code: string) {
      const { d, platform, product } = await live(code);
      const course = d.context_id ? await findCourse(db, platform.id, d.context_id) : null;
      const { rows } = await listTemplates(
        db,
        { productId: platform.productId, status: 'ACTIVE' },
        { limit: 200, offset: 0 },
      );
      const templates: PickerTemplate[] = rows.map((t) => {
        const spec = templateInput.safeParse({ name: t.name, ...t.spec });
        const s = spec.success ? spec.data.selection : null;
        return {
          uuid: t.id,
          name: t.name,
          mode: spec.success ? spec.data.mode : 'TUTOR',
          questions: !s
            ? 0
            : s.kind === 'QUESTIONS'
              ? s.questionUuids.length
              : s.rules.reduce((n, r) => n + r.count, 0),
        };
      });
      return { productName: product.name, courseTitle: course?.title ?? 'the course', templates };
    },

    /**
     * The picker's form: in one transaction the request is spent, the template becomes an assignment of the
     * course's cohort (from now, for the days given) and is placed in the course. Answers the platform's return
     * URL and the signed LtiDeepLinkingResponse to post there.
     */
    async place(form: Record<string, string>): Promise<{ returnUrl: string; jwt: string; name: string }> {
      const parsed = ltiDeepLinkInput.safeParse(form);
      const values = { ...form };
      delete values.code;
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'code');
          errors[field] ??= issue.message;
        }
        throw new PickerError(errors, values);
      }
      const input = parsed.data;
      const codeHash = sha256Hex(input.code);
      const { d, platform } = await live(input.code);
      if (!d.context_id)
        throw new PickerError(
          { code: 'Add the activity from inside a course: its cohort takes the assignment.' },
          values,
        );
      const cohortId = await cohortOfContext(db, platform.id, d.context_id);
      const user = await findUserById(db, d.user_id);
      if (!cohortId || !user) throw gone();
      const actor = makeActor(
        { userId: user.id, superuser: user.superuser, sessionIdHash: '', accessToken: '' },
        (id) => rolesByProduct(db, id),
      );
      const now = clock.now();
      let assignment: Awaited<ReturnType<typeof assignments.create>>;
      try {
        assignment = await assignments.create(
          actor,
          platform.productId,
          {
            templateUuid: input.templateUuid,
            name: input.name || undefined,
            opensAt: now.toISOString(),
            closesAt: new Date(now.getTime() + input.days * 24 * 60 * 60 * 1000).toISOString(),
            attemptsAllowed: input.attemptsAllowed,
            answersShown: input.answersShown,
            latePolicy: 'NONE',
            lateUntil: null,
            cohortUuids: [cohortId],
            studentUuids: [],
          },
          async (tx, assignmentId) => {
            // Spent in the same transaction: a second post of the form finds it used and makes nothing.
            const locked = await findDeepLink(tx, codeHash, true);
            if (!locked || locked.used_at || locked.expires_at <= now) throw gone();
            await useDeepLink(tx, codeHash, now);
            await insertPlacement(tx, {
              platformId: platform.id,
              contextId: d.context_id!,
              assignmentId,
              createdBy: d.user_id,
              now,
            });
          },
        );
      } catch (e) {
        if (e instanceof AppError && e.field && e.field !== 'code' && e.field !== 'id') {
          const field = e.field === 'cohortUuids' ? 'code' : e.field;
          throw new PickerError({ [field]: e.message }, values);
        }
        if (e instanceof AppError && e.code === ErrorCode.FORBIDDEN)
          throw new PickerError({ code: e.message }, values);
        throw e;
      }
      const { kid, key } = await signingKey(db, now);
      const at = Math.floor(now.getTime() / 1000);
      const closes = assignment.closesAt;
      const jwt = await new SignJWT({
        nonce: randomToken(16),
        [LTI_CLAIM.messageType]: 'LtiDeepLinkingResponse',
        [LTI_CLAIM.version]: '1.3.0',
        [LTI_CLAIM.deploymentId]: d.deployment_id,
        ...(d.data !== null ? { [LTI_DL_CLAIM.data]: d.data } : {}),
        [LTI_DL_CLAIM.msg]: `${assignment.name} is placed in the course.`,
        [LTI_DL_CLAIM.contentItems]: [
          {
            type: 'ltiResourceLink',
            title: assignment.name,
            text: `${assignment.questionCount} questions, ${assignment.mode === 'TIMED' ? 'timed' : 'tutor mode'}; open until ${closes.slice(0, 10)}.`,
            url: `${origin}/dashboard`,
            custom: { [PLACED_ASSIGNMENT]: assignment.uuid },
            lineItem: {
              scoreMaximum: SCORE_MAXIMUM,
              label: assignment.name,
              resourceId: assignment.uuid,
              tag: 'qbank-assignment',
            },
            available: { startDateTime: assignment.opensAt, endDateTime: closes },
            submission: { endDateTime: closes },
          },
        ],
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(platform.clientId)
        .setAudience(platform.issuer)
        .setIssuedAt(at)
        .setExpirationTime(at + 300)
        .setJti(randomToken(16))
        .sign(key);
      return { returnUrl: d.return_url, jwt, name: assignment.name };
    },
  };
}
