import { createHash, randomUUID } from 'node:crypto';
import {
  ErrorCode,
  MEDIA_LIMITS,
  type MediaItem,
  type QuestionMediaType,
  type StoredMediaFile,
} from '@qbank/contract';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { sniffMedia } from '../../lib/media-type';
import { mediaUrl } from '../../lib/media-url';
import { type Actor, authorize } from '../../policies';
import { copyMedia, findHead, insertVersion, pointAt, type QuestionHead, readVersion } from '../questions';
import {
  addVersionMedia,
  findMediaFile,
  findVersionMedia,
  recordMediaFile,
  removeVersionMedia,
} from './repository';

const MiB = 1024 * 1024;
const noSuchQuestion = () => new AppError(ErrorCode.NOT_FOUND, 'No such question', 'questionId');

/** A byte range asked for with `Range: bytes=…`, fitted to the file; null for the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or another unit: answer the whole file
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Question media (SPEC §7 questionMedia): files recognised by their bytes, stored once per SHA-256, attached to
 * a question by a new version that has them (so a restore of an older version restores its media too).
 */
export function mediaService(deps: Deps) {
  const { db, storage, clock } = deps;

  /** The question, locked, if the caller may edit it where it is in the workflow. */
  async function editable(tx: Tx, actor: Actor, questionId: string) {
    const head = await findHead(tx, questionId, true);
    if (!head) throw noSuchQuestion();
    await authorize(actor, 'question.read', head);
    await authorize(actor, 'question.save', { ...head, from: head.status, to: head.status });
    return head;
  }

  /** A new version with the current content and media, changed by `change`. */
  async function nextVersion(
    tx: Tx,
    actor: Actor,
    head: QuestionHead,
    note: string,
    change: (versionId: string) => Promise<void>,
  ) {
    const current = (await readVersion(tx, head.id))!;
    const now = clock.now();
    const versionId = await insertVersion(tx, {
      ...current.content,
      questionId: head.id,
      number: head.version + 1,
      editorId: actor.userId,
      note,
      createdAt: now,
    });
    await copyMedia(tx, head.currentVersionId, versionId);
    await change(versionId);
    await pointAt(tx, head.id, versionId, now);
    return head.version + 1;
  }

  /**
   * A file checked by its bytes (an image or a video of an allowed type, within its kind's limit) and stored by
   * its SHA-256 (once per hash).
   */
  async function storedFile(bytes: Uint8Array) {
    if (bytes.length === 0) throw new AppError(ErrorCode.VALIDATION, 'media is an empty file', 'media');
    const kind = await sniffMedia(bytes);
    if (!kind)
      throw new AppError(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'media must be a PNG, JPEG, GIF or WebP image, or an MP4 or WebM video',
        'media',
      );
    const limit = MEDIA_LIMITS[kind.kind];
    if (bytes.length > limit)
      throw new AppError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `${kind.kind === 'image' ? 'An image' : 'A video'} may be at most ${limit / MiB} MB`,
        'media',
      );
    const hash = createHash('sha256').update(bytes).digest('hex');
    // Stored before the row that names it: a crash in between leaves an unused file, never a row without one.
    await storage.put(hash, bytes, kind.contentType);
    return { hash, kind, size: bytes.length };
  }

  return {
    /**
     * POST products/{id}/mediaFiles: checks the bytes and stores them, for a save to name (the editor's one
     * save of a question and its new files is then one version). Adds nothing to any question by itself.
     */
    async store(actor: Actor, productId: string, file: () => Promise<Uint8Array>): Promise<StoredMediaFile> {
      // Who may is checked before the upload is read, looked at or stored.
      await authorize(actor, 'media.store', { productId });
      const { hash, kind, size } = await storedFile(await file());
      await recordMediaFile(db, { hash, contentType: kind.contentType, size });
      return { hash, url: mediaUrl(hash), contentType: kind.contentType };
    },

    /** POST questionMedia/{questionId}: checks the bytes, stores them, and adds them in a new version. */
    async attach(
      actor: Actor,
      questionId: string,
      mediaType: QuestionMediaType,
      file: Uint8Array | (() => Promise<Uint8Array>),
    ): Promise<MediaItem> {
      // Who may is checked before the upload is read, looked at or stored.
      await db.transaction((tx) => editable(tx, actor, questionId));
      const { hash, kind, size } = await storedFile(typeof file === 'function' ? await file() : file);
      const mediaId = randomUUID();
      await db.transaction(async (tx) => {
        const head = await editable(tx, actor, questionId);
        await recordMediaFile(tx, { hash, contentType: kind.contentType, size });
        await nextVersion(
          tx,
          actor,
          head,
          kind.kind === 'image' ? 'Image added' : 'Video added',
          (versionId) => addVersionMedia(tx, { versionId, mediaId, hash, mediaType }),
        );
      });
      return { uuid: mediaId, url: mediaUrl(hash), hash, contentType: kind.contentType };
    },

    /** DELETE questionMedia/{questionId}/delete/{mediaId}: a new version without the item. */
    async detach(actor: Actor, questionId: string, mediaId: string) {
      await db.transaction((tx) => editable(tx, actor, questionId)); // loads the caller's roles outside the lock
      return db.transaction(async (tx) => {
        const head = await editable(tx, actor, questionId);
        if (!(await findVersionMedia(tx, head.currentVersionId, mediaId)))
          throw new AppError(ErrorCode.NOT_FOUND, 'This question has no such media item', 'mediaId');
        const version = await nextVersion(tx, actor, head, 'Media removed', (versionId) =>
          removeVersionMedia(tx, versionId, mediaId),
        );
        return { uuid: head.id, version };
      });
    },

    /**
     * A stored file, whole or a byte range. Hashes are unguessable (a SHA-256 of the content) and only reach
     * people who may read a question that shows them; the file itself is served to any signed-in user.
     */
    async file(hash: string, rangeHeader: string | undefined) {
      const file = await findMediaFile(db, hash);
      if (!file) throw new AppError(ErrorCode.NOT_FOUND, 'No such media file', 'hash');
      const range = parseRange(rangeHeader, file.size);
      if (range === 'unsatisfiable') return { ...file, range, stream: null };
      const stream = await storage.read(hash, range ?? undefined);
      if (!stream) throw new AppError(ErrorCode.NOT_FOUND, 'No such media file', 'hash');
      return { ...file, range, stream };
    },
  };
}
