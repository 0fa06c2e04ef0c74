import {
  MEDIA_LIMITS,
  MEDIA_TYPES,
  type MediaItem,
  mediaKind,
  type Question,
  type QuestionMediaType,
  type StoredMediaFile,
} from '@qbank/contract';
import { newUuid } from '../../../lib/uuid';

/**
 * A media item of the editor (SPEC §3 "new or fetched"): a fetched one is stored on the server and may be marked
 * for removal; a new one is a file picked here, uploaded when the question is saved (SPEC §5: only media marked
 * new are uploaded), and named by the save. Nothing is sent until the question itself is saved.
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
  /** The picked file once stored for the save (new): a retried save names it instead of sending it again. */
  stored?: StoredMediaFile;
  /** The picked file's name: the learner's alt text is made from it (stored items keep no name). */
  name?: string;
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
  key: newUuid(),
  mediaType,
  origin: 'new',
  url,
  contentType: file.type,
  file,
  name: file.name,
  removed: false,
});

/** A new entry once its file is stored: it now stands for the stored item, under the item's own key. */
export const uploadedEntry = (entry: MediaEntry, item: MediaItem): MediaEntry => ({
  key: item.uuid,
  mediaType: entry.mediaType,
  origin: 'fetched',
  url: item.url,
  contentType: item.contentType,
  item,
  name: entry.name,
  removed: false,
});

/** What a save changes of the media: the new files kept are uploaded, the stored ones dropped are left out. */
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

/** What the file pickers offer: exactly the types the server takes (MEDIA_TYPES). */
export const MEDIA_ACCEPT = Object.keys(MEDIA_TYPES).join(',');

const MiB = 1024 * 1024;
/** A size as people read it: '820 KB', '12.5 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < MiB) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Number((bytes / MiB).toFixed(1))} MB`;
}

/**
 * Why a picked file cannot be added, in words, or null when it can: its type must be one the server keeps and
 * its size within that kind's limit (MEDIA_LIMITS). The server checks the bytes again; this saves the wait.
 */
export function mediaFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const kind = mediaKind(file.type);
  if (!kind)
    return `${file.name} cannot be added: only PNG, JPEG, GIF and WebP images and MP4 and WebM videos can.`;
  if (file.size === 0) return `${file.name} cannot be added: the file is empty.`;
  const limit = MEDIA_LIMITS[kind];
  if (file.size > limit)
    return `${file.name} cannot be added: it is ${formatSize(file.size)}, and ${kind === 'image' ? 'an image' : 'a video'} may be at most ${formatSize(limit)}.`;
  return null;
}

/** Alt text from a file name: 'left-ventricle_pressure.png' reads 'left ventricle pressure'. */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[^.]*$/, '')
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
