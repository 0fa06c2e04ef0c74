import path from 'node:path';
import type { Config } from '../config';
import { diskStorage } from './storage-disk';
import type { MediaStorage } from './storage-keys';
import { s3Storage } from './storage-s3';

export { type ByteRange, MediaKeyError, type MediaStorage } from './storage-keys';

/** S3 when S3_BUCKET is set (S3_ENDPOINT requires it; without an endpoint that is AWS itself), else disk. */
export function makeStorage(config: Config): MediaStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'media'));
}
