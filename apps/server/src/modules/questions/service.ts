import { randomUUID } from 'node:crypto';
import {
  type BrowseQueryParsed,
  ErrorCode,
  type ItemStatsDetail,
  type LearnerQuestion,
  type LearnerQuestionPage,
  type MediaItem,
  type Question,
  type QuestionInputParsed,
  type QuestionListQueryParsed,
  type QuestionPage,
  type QuestionRead,
  type QuestionRole,
  type QuestionStatus,
  RESTORE_DELETED_MESSAGE,
  STATUS_LABELS,
} from '@qbank/contract';
import type { Tx } from '../../db/client';
import type { StoredChoice } from '../../db/schema';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { mediaUrl } from '../../lib/media-url';
import {
  isBlankRichText,
  outsideImageMessage,
  outsideImages,
  richTextToPlain,
  sanitizeRichText,
} from '../../lib/rich-text';
import { type Actor, authorize, can, questionStatusesFor } from '../../policies';
import { visibleProduct } from '../store';
import { readItemStatistics } from './item-statistics';
import { listThread } from './problem-reports';
import {
  browseQuestions,
  copyMedia,
  countByStatus,
  countMove,
  findHead,
  insertComment,
  insertMedia,
  insertQuestion,
  insertVersion,
  type LearnerContent,
  listQuestions,
  listVersions,
  type MediaRead,
  type MediaRefs,
  pointAt,
  productExists,
  productOfSubcategory,
  type QuestionHead,
  readLearnerContent,
  readVersion,
  stillPublished,
  unknownMediaFiles,
  type VersionContent,
  type VersionRead,
} from './repository';

/** Where a media file is served from (the media module's route). */
const PREVIEW_LENGTH = 160;

const noSuchQuestion = () => new AppError(ErrorCode.NOT_FOUND, 'No such question', 'id');

/**
 * Rich text shows the product's own media only (decision 0013): an image from another site is refused, naming
 * the field, before anything is written; the writer uploads it instead (the media upload's URL is ours).
 */
function ownImagesOnly(field: string, html: string): void {
  const [src] = outsideImages(html);
  if (src !== undefined)
    throw new AppError(
      ErrorCode.VALIDATION,
      outsideImageMessage(field, src, 'a question shows only images uploaded to it'),
      field,
    );
}

/** A choice as stored: its text and explanation sanitised, an explanation left out when it says nothing. */
function storedChoice(id: string, text: string, explanation: string): StoredChoice {
  const why = sanitizeRichText(explanation);
  return isBlankRichText(why)
    ? { id, text: sanitizeRichText(text) }
    : { id, text: sanitizeRichText(text), explanation: why };
}

/** The answer of GET questions/{id} (SPEC §3) from a version read. */
export function toQuestion(v: VersionRead): Question {
  const media = (type: 'STEM' | 'EXPLANATION') =>
    v.media.filter((m) => m.mediaType === type).map(mediaItemOf);
  return {
    uuid: v.id,
    productUuid: v.productId,
    name: v.content.name,
    author: v.author,
    status: v.content.status,
    version: v.number,
    questionStem: v.content.stem,
    explanation: v.content.explanation,
    answerChoices: v.content.choices.map((c) => ({
      uuid: c.id,
      text: c.text,
      explanation: c.explanation ?? '',
    })),
    correctAnswerChoice: v.content.correctChoiceId,
    references: v.content.references,
    reinforcements: v.content.reinforcements,
    subcategoryUuid: v.content.subcategoryId,
    freeSample: v.content.freeSample,
    stemMediaUrls: media('STEM'),
    explanationMediaUrls: media('EXPLANATION'),
    editor: v.editor,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.versionAt.toISOString(),
  };
}

/** A stored media item as the answers show it: `url` serves its bytes. */
const mediaItemOf = (m: MediaRead): MediaItem => ({
  uuid: m.mediaId,
  url: mediaUrl(m.hash),
  hash: m.hash,
  contentType: m.contentType,
});

/** A question as a learner reads it (GET questions/{id}, browsing a bank): nothing of its solution. */
export function toLearnerQuestion(c: LearnerContent): LearnerQuestion {
  return {
    view: 'LEARNER',
    uuid: c.questionId,
    productUuid: c.productId,
    subcategoryUuid: c.subcategoryId,
    name: c.name,
    version: c.number,
    questionStem: c.stem,
    stemMediaUrls: c.stemMedia.map(mediaItemOf),
    answerChoices: c.choices.map((ch) => ({ uuid: ch.id, text: ch.text })),
  };
}

/**
 * Authoring (DESIGN §5): a question's content lives in immutable versions; every save, status change,
 * deletion and restore adds one, in a transaction that also moves the question's pointer to it and keeps the
 * product's published count. Who may do what is the policies' business ('question.*').
 */
export function questionsService(deps: Deps) {
  const { db, clock } = deps;

  /** The content to store: rich text sanitised, and the rules a status asks for checked. */
  function contentOf(input: QuestionInputParsed, status: QuestionStatus): VersionContent {
    ownImagesOnly('questionStem', input.questionStem);
    ownImagesOnly('explanation', input.explanation);
    input.answerChoices.forEach((c, i) => {
      ownImagesOnly(`answerChoices.${i}.text`, c.text);
      ownImagesOnly(`answerChoices.${i}.explanation`, c.explanation);
    });
    const stem = sanitizeRichText(input.questionStem);
    if (isBlankRichText(stem))
      throw new AppError(ErrorCode.VALIDATION, 'questionStem is required', 'questionStem');
    const choices = input.answerChoices.map((c) => storedChoice(c.uuid, c.text, c.explanation));
    if (choices.some((c) => isBlankRichText(c.text)))
      throw new AppError(
        ErrorCode.VALIDATION,
        'answerChoices text is required for every choice',
        'answerChoices',
      );
    if (!input.correctAnswerChoice && status !== 'DRAFT' && status !== 'DELETED')
      throw new AppError(
        ErrorCode.VALIDATION,
        `correctAnswerChoice is required for a ${STATUS_LABELS[status].toLowerCase()} question`,
        'correctAnswerChoice',
      );
    return {
      status,
      name: input.name,
      subcategoryId: input.subcategoryUuid,
      freeSample: input.freeSample,
      stem,
      explanation: sanitizeRichText(input.explanation),
      choices,
      correctChoiceId: input.correctAnswerChoice,
      references: input.references,
      reinforcements: input.reinforcements,
    };
  }

  async function checkPlacement(tx: Tx, productId: string, subcategoryId: string | null) {
    if (!subcategoryId) return;
    if ((await productOfSubcategory(tx, subcategoryId)) !== productId)
      throw new AppError(
        ErrorCode.VALIDATION,
        'subcategoryUuid is not a subcategory of this product',
        'subcategoryUuid',
      );
  }

  /**
   * The media a save names must be stored files (POST products/{id}/mediaFiles stores them first): a save is
   * then one version with its content and its media together.
   */
  async function checkMedia(tx: Tx, media: MediaRefs | undefined) {
    if (!media) return;
    const unknown = await unknownMediaFiles(tx, [
      ...new Set([...media.stem, ...media.explanation].map((m) => m.hash)),
    ]);
    if (unknown.length > 0)
      throw new AppError(
        ErrorCode.VALIDATION,
        `media names a file that was not stored: ${unknown[0]}; upload it again and save`,
        'media',
      );
  }

  /**
   * The question, if the caller may read it; anyone else is told it does not exist. A change calls it once
   * before its transaction: the caller's roles are then loaded (once per request), so the checks inside the
   * transaction need no second connection while it holds the question's lock (N saves of one question on a
   * pool of N connections would otherwise wait for each other for ever).
   */
  async function readable(actor: Actor, id: string, tx: Tx | null = null, lock = false) {
    const head = await findHead(tx ?? db, id, lock);
    if (!head) throw noSuchQuestion();
    await authorize(actor, 'question.read', head);
    return head;
  }

  /** Adds a version after the current one and points the question at it. */
  async function addVersion(
    tx: Tx,
    actor: Actor,
    head: QuestionHead,
    content: VersionContent,
    note: string,
    /** The version whose media the new one keeps, or the media the save names. */
    mediaFrom: string | MediaRefs,
    /** The number of the version a restore brings back. */
    restoredFrom?: number,
  ) {
    const now = clock.now();
    const number = head.version + 1;
    const versionId = await insertVersion(tx, {
      ...content,
      questionId: head.id,
      number,
      editorId: actor.userId,
      note,
      createdAt: now,
    });
    if (typeof mediaFrom === 'string') await copyMedia(tx, mediaFrom, versionId);
    else await insertMedia(tx, versionId, mediaFrom);
    await pointAt(tx, head.id, versionId, now);
    // Learners keep the published version while a revision goes through the workflow (decision 0028).
    const publishedDelta = Number(stillPublished(head, content.status)) - Number(head.published !== null);
    await countMove(tx, head, head, content, 1, publishedDelta);
    // What learners see changes: a question published (again), a version restored, a published one deleted.
    const action = restoredFrom
      ? 'question.restore'
      : content.status === 'PUBLISHED' && head.status !== 'PUBLISHED'
        ? 'question.publish'
        : content.status === 'DELETED' && head.published
          ? 'question.delete'
          : null;
    if (action)
      await appendAudit(tx, {
        actorId: actor.userId,
        productId: head.productId,
        action,
        details: {
          questionId: head.id,
          note,
          before: { version: head.version, status: head.status },
          after: { version: number, status: content.status },
        },
        at: now,
      });
    return { uuid: head.id, version: number };
  }

  /** The view of My Questions the caller gets when they name none: the broadest role they have. */
  async function defaultRole(actor: Actor, productId: string): Promise<QuestionRole> {
    for (const role of ['ADMIN', 'AUDITOR'] as const)
      if (await can(actor, 'questions.list', { productId, role })) return role;
    return 'WRITER';
  }

  return {
    /** POST questions: a retry with the same uuid answers the question it made instead of a second one. */
    async create(actor: Actor, input: QuestionInputParsed) {
      const status = input.status ?? 'DRAFT';
      await authorize(actor, 'question.create', { productId: input.productUuid, status });
      if (actor.superuser && !(await productExists(db, input.productUuid)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'productUuid');
      const content = contentOf(input, status);
      return db.transaction(async (tx) => {
        await checkPlacement(tx, input.productUuid, content.subcategoryId);
        await checkMedia(tx, input.media);
        const now = clock.now();
        const versionId = randomUUID();
        const created = await insertQuestion(tx, {
          id: input.uuid,
          productId: input.productUuid,
          authorId: actor.userId,
          currentVersionId: versionId,
          now,
        });
        if (!created) {
          const existing = await findHead(tx, input.uuid);
          if (existing && existing.productId === input.productUuid && existing.authorId === actor.userId)
            return { uuid: existing.id, version: existing.version };
          throw new AppError(ErrorCode.CONFLICT, 'uuid is already used by another question', 'uuid');
        }
        await insertVersion(tx, {
          ...content,
          id: versionId,
          questionId: input.uuid,
          number: 1,
          editorId: actor.userId,
          note: 'Created',
          createdAt: now,
        });
        if (input.media) await insertMedia(tx, versionId, input.media);
        await countMove(tx, { productId: input.productUuid, authorId: actor.userId }, null, content);
        if (status === 'PUBLISHED')
          await appendAudit(tx, {
            actorId: actor.userId,
            productId: input.productUuid,
            action: 'question.publish',
            details: {
              questionId: input.uuid,
              note: 'Created',
              before: null,
              after: { version: 1, status },
            },
            at: now,
          });
        return { uuid: input.uuid, version: 1 };
      });
    },

    /** PUT questions/{id}: a new version with the content and status sent (the status kept when none is). */
    async update(actor: Actor, id: string, input: QuestionInputParsed) {
      if (input.uuid !== id)
        throw new AppError(ErrorCode.VALIDATION, 'uuid must be the id in the path', 'uuid');
      await readable(actor, id);
      return db.transaction(async (tx) => {
        const head = await readable(actor, id, tx, true);
        if (input.productUuid !== head.productId)
          throw new AppError(
            ErrorCode.VALIDATION,
            "productUuid must be the question's product",
            'productUuid',
          );
        const to = input.status ?? head.status;
        // A save over a newer version is a conflict first: the one who made it may have moved the question
        // where the caller can no longer save it, and "reload" says what happened.
        if (input.baseVersion !== undefined && input.baseVersion !== head.version)
          throw new AppError(
            ErrorCode.CONFLICT,
            `This question was saved by someone else since you opened it (it is now version ${head.version}). Reload it and make your changes again.`,
            'baseVersion',
          );
        await authorize(actor, 'question.save', { ...head, from: head.status, to });
        const content = contentOf(input, to);
        await checkPlacement(tx, head.productId, content.subcategoryId);
        await checkMedia(tx, input.media);
        const note =
          to === head.status
            ? 'Edited'
            : head.status === 'PUBLISHED' && to !== 'DELETED'
              ? `Revision started (${STATUS_LABELS[to]})`
              : `${STATUS_LABELS[head.status]} → ${STATUS_LABELS[to]}`;
        return addVersion(tx, actor, head, content, note, input.media ?? head.currentVersionId);
      });
    },

    /** DELETE questions/{id}: a version with status DELETED, the content kept (so it can be read and undone). */
    async remove(actor: Actor, id: string) {
      await readable(actor, id);
      return db.transaction(async (tx) => {
        const head = await readable(actor, id, tx, true);
        if (head.status === 'DELETED')
          throw new AppError(ErrorCode.CONFLICT, 'This question is already deleted', 'id');
        await authorize(actor, 'question.save', { ...head, from: head.status, to: 'DELETED' });
        const current = (await readVersion(tx, id))!;
        return addVersion(
          tx,
          actor,
          head,
          { ...current.content, status: 'DELETED' },
          'Deleted',
          head.currentVersionId,
        );
      });
    },

    /**
     * GET questions/{id}: the whole question for its staff; anyone else who may read it (a learner) reads the
     * version they were allowed, without its solution.
     */
    async get(actor: Actor, id: string): Promise<QuestionRead> {
      const head = await readable(actor, id);
      if (await can(actor, 'question.solution', head)) {
        const v = await readVersion(db, id);
        if (!v) throw noSuchQuestion();
        return { view: 'STAFF', ...toQuestion(v), publishedVersion: head.published?.number ?? null };
      }
      // The policy let a learner in for the published version: that one, whatever revision is in the workflow.
      if (!head.published) throw noSuchQuestion();
      const [content] = await readLearnerContent(db, [head.published.versionId]);
      if (!content) throw noSuchQuestion();
      return toLearnerQuestion(content);
    },

    /**
     * GET questions/products/{id} (SPEC §7): a page of the product's published questions as a learner reads
     * them, without solutions, for whoever may see the product and has an active subscription to it (and
     * superusers); on a free (BASIC) plan, the free sample only.
     */
    async browse(actor: Actor, productId: string, query: BrowseQueryParsed): Promise<LearnerQuestionPage> {
      await visibleProduct(db, actor, productId);
      await authorize(actor, 'questions.browse', { productId });
      const freeSampleOnly = !actor.superuser && (await actor.rolesIn(productId))?.type === 'BASIC';
      const { total, versionIds } = await browseQuestions(db, {
        productId,
        freeSampleOnly,
        subjectId: query.subjectUuid,
        categoryId: query.categoryUuid,
        subcategoryId: query.subcategoryUuid,
        page: query.page,
        size: query.size,
      });
      return {
        content: (await readLearnerContent(db, versionIds)).map(toLearnerQuestion),
        page: query.page,
        size: query.size,
        totalElements: total,
        totalPages: Math.ceil(total / query.size),
      };
    },

    async list(actor: Actor, productId: string, q: QuestionListQueryParsed): Promise<QuestionPage> {
      const role = q.filterRole ?? (await defaultRole(actor, productId));
      await authorize(actor, 'questions.list', { productId, role });
      const page = Number(q.page);
      const size = Number(q.size);
      const { rows, total, totalIsLowerBound } = await listQuestions(db, {
        productId,
        authorId: role === 'WRITER' ? actor.userId : q.authorUuid,
        status: q.status,
        subjectId: q.subjectUuid,
        categoryId: q.categoryUuid,
        subcategoryId: q.subcategoryUuid,
        text: q.text,
        sortField: q.sortField ?? 'updatedAt',
        sortOrder: q.sortOrder ?? 'DESC',
        needsChecking: q.needsChecking,
        page,
        size,
      });
      return {
        content: rows.map((r) => ({
          uuid: r.id,
          name: r.name,
          status: r.status,
          author: r.author,
          preview: richTextToPlain(r.stem, PREVIEW_LENGTH),
          subcategoryUuid: r.subcategoryId,
          freeSample: r.freeSample,
          version: r.version,
          publishedVersion: r.publishedVersion,
          updatedAt: r.updatedAt.toISOString(),
          itemStats: r.itemStats,
        })),
        page,
        size,
        totalElements: total,
        totalPages: Math.ceil(total / size),
        ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
      };
    },

    async statusCounts(actor: Actor, productId: string, filterRole?: QuestionRole) {
      const role = filterRole ?? (await defaultRole(actor, productId));
      await authorize(actor, 'questions.list', { productId, role });
      return countByStatus(db, productId, role === 'WRITER' ? actor.userId : undefined);
    },

    /** A question's item statistics: its staff and the product's instructors (decision 0030). */
    async itemStatistics(actor: Actor, id: string): Promise<ItemStatsDetail> {
      const head = await findHead(db, id);
      if (!head) throw noSuchQuestion();
      await authorize(actor, 'question.itemStatistics', head);
      const s = await readItemStatistics(db, id);
      return { statistics: s && { ...s, computedAt: s.computedAt.toISOString() } };
    },

    async allowedStatuses(actor: Actor, id: string) {
      const head = await readable(actor, id);
      return questionStatusesFor(actor, head);
    },

    async versions(actor: Actor, id: string) {
      const head = await readable(actor, id);
      await authorize(actor, 'question.review', head);
      return (await listVersions(db, id)).map((v) => ({
        version: v.number,
        status: v.status,
        name: v.name,
        note: v.note,
        editor: { uuid: v.editorId, firstName: v.firstName, lastName: v.lastName },
        createdAt: v.createdAt.toISOString(),
      }));
    },

    async version(actor: Actor, id: string, number: number) {
      const head = await readable(actor, id);
      await authorize(actor, 'question.review', head);
      const v = await readVersion(db, id, number);
      if (!v) throw new AppError(ErrorCode.NOT_FOUND, `This question has no version ${number}`, 'number');
      return toQuestion(v);
    },

    /**
     * A new version with an older one's content and media. The status stays where the workflow has it (a
     * restore is an edit, not a way around review); refused when the latest version is deleted (SPEC §4).
     */
    async restore(actor: Actor, id: string, number: number) {
      await readable(actor, id);
      return db.transaction(async (tx) => {
        const head = await readable(actor, id, tx, true);
        await authorize(actor, 'question.review', head);
        if (head.status === 'DELETED')
          throw new AppError(ErrorCode.CONFLICT, RESTORE_DELETED_MESSAGE, 'number');
        await authorize(actor, 'question.save', { ...head, from: head.status, to: head.status });
        if (number === head.version)
          throw new AppError(
            ErrorCode.VALIDATION,
            `Version ${number} is already the current version`,
            'number',
          );
        const old = await readVersion(tx, id, number);
        if (!old) throw new AppError(ErrorCode.NOT_FOUND, `This question has no version ${number}`, 'number');
        await checkPlacement(tx, head.productId, old.content.subcategoryId).catch(() => {
          old.content.subcategoryId = null; // its subcategory has since been deleted
        });
        return addVersion(
          tx,
          actor,
          head,
          { ...old.content, status: head.status },
          `Restored version ${number}`,
          old.versionId,
          number,
        );
      });
    },

    /**
     * Discards a published question's revision (decision 0028): a new version with the published version's
     * content and media, PUBLISHED, so the question reads again as learners have it. Those who may act on the
     * revision where it is in the workflow may discard it.
     */
    async discardRevision(actor: Actor, id: string) {
      await readable(actor, id);
      return db.transaction(async (tx) => {
        const head = await readable(actor, id, tx, true);
        if (!head.published || head.status === 'PUBLISHED' || head.status === 'DELETED')
          throw new AppError(ErrorCode.CONFLICT, 'This question has no revision to discard', 'id');
        await authorize(actor, 'question.discardRevision', head);
        const published = (await readVersion(tx, id, head.published.number))!;
        await checkPlacement(tx, head.productId, published.content.subcategoryId).catch(() => {
          published.content.subcategoryId = null; // its subcategory has since been deleted
        });
        return addVersion(
          tx,
          actor,
          head,
          { ...published.content, status: 'PUBLISHED' },
          `Revision discarded (back to version ${head.published.number})`,
          published.versionId,
        );
      });
    },

    async comments(actor: Actor, id: string) {
      const head = await readable(actor, id);
      await authorize(actor, 'question.review', head);
      return listThread(db, id);
    },

    async comment(actor: Actor, id: string, body: string) {
      const head = await readable(actor, id);
      await authorize(actor, 'question.review', head);
      const c = await insertComment(db, {
        questionId: id,
        authorId: actor.userId,
        versionNumber: head.version,
        body,
        createdAt: clock.now(),
      });
      return {
        uuid: c.id,
        body: c.body,
        kind: 'COMMENT' as const,
        author: c.author,
        versionNumber: c.versionNumber,
        createdAt: c.createdAt.toISOString(),
        resolvedAt: null,
        resolvedBy: null,
      };
    },
  };
}
