import type { MediaItem } from '@qbank/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { mediaUrl } from '../../lib/media-url';
import { searchCache } from '../../lib/search-cache';
import type { ShownContent } from '../questions';
import { type PinnedVersion, pinnedVersions } from './repository';

/** A pinned version's media file as the exam screen and the review show it. */
const toMedia = (m: PinnedVersion['media'][number]): MediaItem => ({
  uuid: m.mediaId,
  url: mediaUrl(m.hash),
  hash: m.hash,
  contentType: m.contentType,
});

/** A pinned question version as the tests reads show it. */
export interface PinnedContent extends ShownContent {
  stemMedia: MediaItem[];
  explanationMedia: MediaItem[];
}

const toContent = ({ versionId: _, media, ...content }: PinnedVersion): PinnedContent => {
  const ofType = (type: 'STEM' | 'EXPLANATION') => media.filter((m) => m.mediaType === type).map(toMedia);
  return { ...content, stemMedia: ofType('STEM'), explanationMedia: ofType('EXPLANATION') };
};

/** Roughly the memory a version's content holds (two bytes a character, plus the objects). */
const sizeOf = (c: PinnedContent) =>
  2 *
    (c.name.length +
      c.stem.length +
      c.explanation.length +
      c.choices.reduce((a, ch) => a + ch.text.length + (ch.explanation?.length ?? 0) + 40, 0) +
      c.references.reduce((a, r) => a + r.length, 0)) +
  200 * (c.stemMedia.length + c.explanationMedia.length) +
  400;

export interface PinnedContentOptions {
  /** The most memory the content kept may take, as `sizeOf` counts it. */
  maxBytes?: number;
  /** Milliseconds from the app's clock. */
  now: () => number;
}

/**
 * The content of pinned question versions, kept in memory by version id. A version is never changed once its
 * saving transaction commits (an edit, an upload or a removal of media makes a new version), and a test pins
 * versions, so what is kept is never stale: the exam screen and the review read only what the learner did
 * from the database, and the content of the versions not kept yet in one query. Learners of one bank share
 * its versions, so the busy ones stay; the least recently used go first when the limit is reached.
 */
export function pinnedContentCache(
  load: (versionIds: string[], via?: DbOrTx) => Promise<PinnedVersion[]>,
  opts: PinnedContentOptions,
) {
  const kept = searchCache<PinnedContent>({
    // Nothing goes stale; the age limit only lets a version nobody reads leave.
    maxAgeMs: 6 * 60 * 60 * 1000,
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    maxEntries: 100_000,
    sizeOf,
    now: opts.now,
  });
  const PINNED = 'pinned';

  /**
   * The content of these versions by version id (each one read from the database at most once). Code inside a
   * transaction passes it as `via`: the versions not kept are then read on its connection, never another one.
   */
  return async function contentOf(versionIds: string[], via?: DbOrTx): Promise<Map<string, PinnedContent>> {
    const out = new Map<string, PinnedContent>();
    const missing: string[] = [];
    for (const id of versionIds) {
      const c = kept.get(id, PINNED);
      if (c) out.set(id, c);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    for (const v of await load([...new Set(missing)], via)) {
      const c = toContent(v);
      kept.set(v.versionId, PINNED, c);
      out.set(v.versionId, c);
    }
    return out;
  };
}

export type ContentOf = ReturnType<typeof pinnedContentCache>;

const perDatabase = new WeakMap<object, ContentOf>();

/**
 * The app's pinned content (one per database handle), shared by the reads and the tutor answer's solution.
 * Pinned versions are committed long before, so a transaction's connection reads the same content; a reader
 * inside one (the tutor answer, under the test's lock) passes it, since a second pool connection taken while
 * holding one can wait for ever once every connection is held that way.
 */
export function pinnedContentFor(deps: { db: Db; clock: Clock }): ContentOf {
  let c = perDatabase.get(deps.db);
  if (!c) {
    c = pinnedContentCache((ids, via) => pinnedVersions(via ?? deps.db, ids), {
      now: () => deps.clock.now().getTime(),
    });
    perDatabase.set(deps.db, c);
  }
  return c;
}
