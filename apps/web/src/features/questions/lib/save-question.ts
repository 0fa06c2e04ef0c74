import type { QuestionMediaInput, QuestionStatus, StoredMediaFile } from '@qbank/contract';
import { type MediaEntry, pendingMediaWork } from './media';

/** A new file could not be stored, so nothing was saved (the question is as it was). */
export class MediaUploadFailed extends Error {
  constructor(cause: unknown) {
    super('A file could not be uploaded, so nothing was saved', { cause });
    this.name = 'MediaUploadFailed';
  }
}

/** The calls a save is made of, so the order can be tested without a server. */
export interface SaveCalls {
  /** Stores a picked file for the save to name; adds it to nothing by itself. */
  storeFile(entry: MediaEntry): Promise<StoredMediaFile>;
  /** A POST when baseVersion is undefined (a new question), else a PUT from that version. */
  saveQuestion(
    status: QuestionStatus,
    baseVersion: number | undefined,
    media: QuestionMediaInput,
  ): Promise<{ uuid: string; version: number }>;
}

/** What the editor hears as each call lands, so a retried save does not send a stored file again. */
export interface SaveEvents {
  stored?(entry: MediaEntry, file: StoredMediaFile): void;
}

export interface SaveRequest {
  /** The status the caller asked for. */
  to: QuestionStatus;
  /** The version the edit started from (undefined for a new question). */
  baseVersion: number | undefined;
  media: readonly MediaEntry[];
}

/** The media the saved version is to have, each field in the editor's order: stored items by id, new by hash. */
export function mediaInputOf(entries: readonly MediaEntry[]): QuestionMediaInput {
  const kept = entries.filter((e) => !e.removed);
  const of = (type: MediaEntry['mediaType']) =>
    kept
      .filter((e) => e.mediaType === type)
      .map((e) => ({ uuid: e.item?.uuid ?? e.key, hash: e.item?.hash ?? e.stored!.hash }));
  return { stem: of('STEM'), explanation: of('EXPLANATION') };
}

/**
 * Saves a question with its media as one version (one Save, one entry in the history):
 * 1. the new files not yet stored are stored, one by one (SPEC §5: only media marked new are uploaded); they
 *    belong to nothing yet;
 * 2. the question is saved (POST or PUT) with the status asked for and the media it is to have, stored items
 *    kept by id and new ones by hash; dropped ones are simply left out. The server writes it in one transaction.
 * A failed upload throws MediaUploadFailed before anything is saved; a refused save throws the call's own error.
 */
export async function saveQuestionWithMedia(
  req: SaveRequest,
  calls: SaveCalls,
  on: SaveEvents = {},
): Promise<{ uuid: string; version: number }> {
  const stored = new Map<string, StoredMediaFile>();
  for (const entry of pendingMediaWork(req.media).uploads) {
    if (entry.stored) continue;
    try {
      const file = await calls.storeFile(entry);
      stored.set(entry.key, file);
      on.stored?.(entry, file);
    } catch (e) {
      throw new MediaUploadFailed(e);
    }
  }
  const media = mediaInputOf(
    req.media.map((e) => (stored.has(e.key) ? { ...e, stored: stored.get(e.key) } : e)),
  );
  return calls.saveQuestion(req.to, req.baseVersion, media);
}
