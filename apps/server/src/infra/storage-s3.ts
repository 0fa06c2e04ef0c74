import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { assertByteRange, assertMediaKey, type MediaStorage } from './storage-keys';

export interface S3MediaStorage extends MediaStorage {
  kind: 's3';
  /** For shutdown and tests: `client.destroy()` closes its sockets. */
  readonly client: S3Client;
}

// Under a prefix, so the bucket can hold other things (backups, exports) beside the media.
const PREFIX = 'media/';

const isMissing = (err: unknown) => err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

/** Media as objects in an S3-compatible bucket (AWS, MinIO, R2, Ceph ...), one object per key. */
export function s3Storage(s3: NonNullable<Config['s3']>): S3MediaStorage {
  const client = new S3Client({
    endpoint: s3.endpoint,
    // S3-compatible servers do not care, but the SDK signs with a region and refuses to start without one.
    region: s3.region ?? 'us-east-1',
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined, // the SDK's own chain: an instance role, a profile
    // bucket.host names need DNS per bucket, which self-hosted servers rarely have; AWS still takes paths.
    forcePathStyle: true,
    // The SDK's default adds CRC checksums (and the headers that ask for them) that many S3-compatible
    // servers reject or do not send; we address objects by their SHA-256 anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return PREFIX + key;
  };

  async function size(key: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    client,
    size,
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      // A HEAD is cheaper than sending up to 200 MiB again.
      if ((await size(key)) !== null) return;
      // S3 makes an object visible only once all of it has arrived, so there is no half-written object.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async read(key, range) {
      const Key = objectKey(key);
      if (range) assertByteRange(range);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(object.Body instanceof Readable)) throw new Error('The S3 object body is not a Node stream');
        return object.Body;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
