import path from 'node:path';
import type { Config } from '../config';
import { diskStorage } from './storage-disk';
import type { ByteRange } from './storage-keys';
import { s3Storage } from './storage-s3';

export { type ByteRange, MediaKeyError } from './storage-keys';

/**
 * Where media bytes live (DESIGN.md §2): files under DATA_DIR by default, an S3-compatible bucket when S3_*
 * is set. The database keeps what a file is (media_files: hash, content type, size); this keeps only bytes,
 * under their SHA-256 hex, so one file serves every question version that uses it. A key that is not
 * lowercase hex is refused with MediaKeyError by every method.
 */
export interface MediaStorage {
  kind: 'disk' | 's3';
  /** Stores bytes under a key (content-addressed: the caller uses the SHA-256 hex); storing an existing key again is a no-op. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's size, or null when missing. */
  size(key: string): Promise<number | null>;
  /**
   * A stream of the bytes, whole or a byte range [start, end] inclusive (for HTTP Range on video). Null when
   * missing. The caller fits the range to `size` first (start below it, end at most size - 1): past the end
   * the adapters differ (a short or empty stream on disk, an error from S3).
   */
  read(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream | null>;
  /** Removes the object; a missing one is fine. */
  delete(key: string): Promise<void>;
}

/** S3 when S3_BUCKET is set (S3_ENDPOINT requires it; without an endpoint that is AWS itself), else disk. */
export function makeStorage(config: Config): MediaStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'media'));
}
