import type { MediaItem, QuestionStatus } from '@qbank/contract';
import { type MediaEntry, pendingMediaWork } from './media';

/** An upload failed after the question itself was saved (SPEC §8 imageSaveFailed). */
export class MediaUploadFailed extends Error {
  constructor(cause: unknown) {
    super('The question was saved, but a media file was not', { cause });
    this.name = 'MediaUploadFailed';
  }
}

/** The question and its media were saved, but the step to the new status was then refused. */
export class StatusMoveFailed extends Error {
  constructor(
    cause: unknown,
    readonly saved: { uuid: string; version: number },
  ) {
    super('The question was saved, but its status did not change', { cause });
    this.name = 'StatusMoveFailed';
  }
}

/** The calls a save is made of, so the order can be tested without a server. */
export interface SaveCalls {
  /** A POST when baseVersion is undefined (a new question), else a PUT from that version. */
  removeMedia(entry: MediaEntry): Promise<{ version: number }>;
  saveQuestion(
    status: QuestionStatus,
    baseVersion: number | undefined,
  ): Promise<{ uuid: string; version: number }>;
  uploadMedia(questionId: string, entry: MediaEntry): Promise<MediaItem>;
}

/** What the editor hears as each call lands, so a save that stops halfway leaves the editor where the server is. */
export interface SaveEvents {
  removed?(entry: MediaEntry, version: number): void;
  questionSaved?(saved: { uuid: string; version: number }): void;
  uploaded?(entry: MediaEntry, item: MediaItem, version: number): void;
}

export interface SaveRequest {
  /** The status the caller asked for. */
  to: QuestionStatus;
  /** The question's status now; null for a new question. */
  current: QuestionStatus | null;
  /** The version the edit started from (undefined for a new question). */
  baseVersion: number | undefined;
  media: readonly MediaEntry[];
}

/**
 * Saves a question with its media, in the order the server allows:
 * 1. stored media the author dropped are removed, each a version of its own, while the question is still theirs
 *    to edit;
 * 2. the question is saved (POST or PUT), so the files have a question to belong to;
 * 3. only the media marked new are uploaded, one by one (SPEC §5), each a version of its own;
 * 4. when new files went with a step of the workflow (Submit for review, Publish…), the step comes last: the
 *    question is first saved in the status it has (a new one as a draft), since once submitted or published its
 *    author may no longer add to it, and the step is then a save from the version the uploads made.
 * A failed upload throws MediaUploadFailed; a refused step after that, StatusMoveFailed; anything earlier, the
 * call's own error.
 */
export async function saveQuestionWithMedia(
  req: SaveRequest,
  calls: SaveCalls,
  on: SaveEvents = {},
): Promise<{ uuid: string; version: number }> {
  const { uploads, removals } = pendingMediaWork(req.media);
  let version = req.baseVersion;
  for (const entry of removals) {
    version = (await calls.removeMedia(entry)).version;
    on.removed?.(entry, version);
  }
  const keep = req.current ?? 'DRAFT';
  const stepLast = uploads.length > 0 && req.to !== keep;
  const saved = await calls.saveQuestion(stepLast ? keep : req.to, version);
  on.questionSaved?.(saved);
  version = saved.version;
  for (const entry of uploads) {
    let item: MediaItem;
    try {
      item = await calls.uploadMedia(saved.uuid, entry);
    } catch (e) {
      throw new MediaUploadFailed(e);
    }
    version += 1;
    on.uploaded?.(entry, item, version);
  }
  if (!stepLast) return { uuid: saved.uuid, version };
  try {
    return await calls.saveQuestion(req.to, version);
  } catch (e) {
    throw new StatusMoveFailed(e, { uuid: saved.uuid, version });
  }
}
