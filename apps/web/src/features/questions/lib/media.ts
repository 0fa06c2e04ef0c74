import type { MediaItem, Question, QuestionMediaType } from '@qbank/contract';

/**
 * A media item of the editor (SPEC §3 "new or fetched"): a fetched one is stored on the server and may be marked
 * for removal; a new one is a file picked here, uploaded after the question saves (SPEC §5: only media marked
 * new are uploaded). Nothing is sent until the question itself is saved.
 */
export interface MediaEntry {
  key: string;
  mediaType: QuestionMediaType;
  origin: 'fetched' | 'new';
  url: string;
  contentType: string;
  /** The stored item (fetched). */
  item?: MediaItem;
  /** The picked file (new). */
  file?: File;
  removed: boolean;
}

export function mediaEntriesOf(
  q: Pick<Question, 'stemMediaUrls' | 'explanationMediaUrls'> | null,
): MediaEntry[] {
  if (!q) return [];
  const of = (items: MediaItem[], mediaType: QuestionMediaType): MediaEntry[] =>
    items.map((item) => ({
      key: item.uuid,
      mediaType,
      origin: 'fetched',
      url: item.url,
      contentType: item.contentType,
      item,
      removed: false,
    }));
  return [...of(q.stemMediaUrls, 'STEM'), ...of(q.explanationMediaUrls, 'EXPLANATION')];
}

/** A file picked in the editor, shown from memory until it is uploaded. */
export const newMediaEntry = (file: File, mediaType: QuestionMediaType, url: string): MediaEntry => ({
  key: crypto.randomUUID(),
  mediaType,
  origin: 'new',
  url,
  contentType: file.type,
  file,
  removed: false,
});

/** What a save has to do after the question itself: upload the new files kept, remove the stored ones dropped. */
export function pendingMediaWork(entries: readonly MediaEntry[]) {
  return {
    uploads: entries.filter((e) => e.origin === 'new' && !e.removed),
    removals: entries.filter((e) => e.origin === 'fetched' && e.removed),
  };
}

export const hasMediaChanges = (entries: readonly MediaEntry[]) => {
  const { uploads, removals } = pendingMediaWork(entries);
  return uploads.length + removals.length > 0;
};

/** The entries a learner would see now, for the preview. */
export const shownMedia = (entries: readonly MediaEntry[], mediaType: QuestionMediaType) =>
  entries.filter((e) => e.mediaType === mediaType && !e.removed);

/** Marks an entry removed (a new one is simply dropped) or brings a removed stored one back. */
export function toggleRemoved(entries: readonly MediaEntry[], key: string): MediaEntry[] {
  return entries.flatMap((e) => {
    if (e.key !== key) return [e];
    if (e.origin === 'new') return [];
    return [{ ...e, removed: !e.removed }];
  });
}

export const isVideo = (contentType: string) => contentType.startsWith('video/');
