import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediaFiles, questionVersionMedia } from '../../db/schema';

/** What a stored file is; null when no file has this hash. */
export async function findMediaFile(db: DbOrTx, hash: string) {
  const [r] = await db
    .select({ contentType: mediaFiles.contentType, size: mediaFiles.size })
    .from(mediaFiles)
    .where(eq(mediaFiles.hash, hash));
  return r ?? null;
}

/** Records a stored file once per hash (a second upload of the same bytes records nothing). */
export async function recordMediaFile(db: DbOrTx, f: { hash: string; contentType: string; size: number }) {
  await db.execute(sql`
    INSERT INTO media_files (hash, content_type, size) VALUES (${f.hash}, ${f.contentType}, ${f.size})
    ON CONFLICT (hash) DO NOTHING`);
}

/** A version's media item, if it has one with this id. */
export async function findVersionMedia(db: DbOrTx, versionId: string, mediaId: string) {
  const [r] = await db
    .select({
      mediaId: questionVersionMedia.mediaId,
      hash: questionVersionMedia.hash,
      mediaType: questionVersionMedia.mediaType,
    })
    .from(questionVersionMedia)
    .where(and(eq(questionVersionMedia.versionId, versionId), eq(questionVersionMedia.mediaId, mediaId)));
  return r ?? null;
}

/** Adds a media item at the end of a version's items of its type. */
export async function addVersionMedia(
  db: DbOrTx,
  m: { versionId: string; mediaId: string; hash: string; mediaType: 'STEM' | 'EXPLANATION' },
) {
  await db.execute(sql`
    INSERT INTO question_version_media (version_id, media_id, hash, media_type, position)
    SELECT ${m.versionId}, ${m.mediaId}, ${m.hash}, ${m.mediaType}, coalesce(max(position) + 1, 0)
    FROM question_version_media WHERE version_id = ${m.versionId} AND media_type = ${m.mediaType}`);
}

export async function removeVersionMedia(db: DbOrTx, versionId: string, mediaId: string) {
  await db.execute(
    sql`DELETE FROM question_version_media WHERE version_id = ${versionId} AND media_id = ${mediaId}`,
  );
}
