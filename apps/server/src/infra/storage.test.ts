import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { MediaKeyError, type MediaStorage, makeStorage } from './storage';
import { diskStorage } from './storage-disk';
import { s3Storage } from './storage-s3';

const keyOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = (s: string) => new TextEncoder().encode(s);
const read = async (stream: NodeJS.ReadableStream | null) => (stream ? text(stream) : null);

interface Adapter {
  storage: MediaStorage;
  stop(): Promise<void>;
}

async function startDisk(): Promise<Adapter & { root: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'qbank-media-disk-'));
  return { root, storage: diskStorage(root), stop: () => rm(root, { recursive: true, force: true }) };
}

/** The S3 adapter against s3rver, an S3 API server in this process, keeping its objects in a temp dir. */
async function startS3(): Promise<Adapter> {
  const directory = await mkdtemp(path.join(tmpdir(), 'qbank-media-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const storage = s3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'qbank-media',
    // s3rver checks signatures made with its fixed pair.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  await storage.client.send(new CreateBucketCommand({ Bucket: 'qbank-media' }));
  return {
    storage,
    async stop() {
      storage.client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

describe.each([
  { name: 'disk', start: startDisk },
  { name: 's3', start: startS3 },
])('$name media storage', ({ start }) => {
  let adapter: Adapter;
  let storage: MediaStorage;
  beforeAll(async () => {
    adapter = await start();
    storage = adapter.storage;
  });
  afterAll(() => adapter?.stop());

  const video = bytesOf('0123456789abcdefghij'.repeat(50)); // 1000 bytes, easy to check slices of
  const key = keyOf(video);

  it('stores bytes and gives back their size and the whole of them', async () => {
    await storage.put(key, video, 'video/mp4');
    expect(await storage.size(key)).toBe(1000);
    expect(await read(await storage.read(key))).toBe(new TextDecoder().decode(video));
  });

  it('reads a byte range, both ends inclusive', async () => {
    expect(await read(await storage.read(key, { start: 15, end: 24 }))).toBe('fghij01234');
    // Safari's first request for a video. (Not 0-0: s3rver reads an end of 0 as no end, unlike S3.)
    expect(await read(await storage.read(key, { start: 0, end: 1 }))).toBe('01');
    expect(await read(await storage.read(key, { start: 990, end: 999 }))).toBe('abcdefghij');
  });

  it('answers null for a key it does not have', async () => {
    const missing = keyOf(bytesOf('never stored'));
    expect(await storage.size(missing)).toBeNull();
    expect(await storage.read(missing)).toBeNull();
    expect(await storage.read(missing, { start: 0, end: 9 })).toBeNull();
  });

  it('takes the same key twice without complaint, keeping the bytes', async () => {
    const image = bytesOf('a tiny image');
    await storage.put(keyOf(image), image, 'image/png');
    await storage.put(keyOf(image), image, 'image/png');
    expect(await read(await storage.read(keyOf(image)))).toBe('a tiny image');
  });

  it('deletes, and deleting what is not there is fine', async () => {
    const image = bytesOf('to be deleted');
    await storage.put(keyOf(image), image, 'image/gif');
    await storage.delete(keyOf(image));
    expect(await storage.size(keyOf(image))).toBeNull();
    expect(await storage.read(keyOf(image))).toBeNull();
    await storage.delete(keyOf(image));
  });

  it.each([
    ['a parent path', `../${key.slice(3)}`],
    ['a path under the key', `${key.slice(0, 60)}/../`],
    ['upper case', key.toUpperCase()],
    ['a short key', 'abcd'],
    ['nothing', ''],
  ])('refuses %s as a key, for every method', async (_name, bad) => {
    await expect(storage.put(bad, video, 'video/mp4')).rejects.toBeInstanceOf(MediaKeyError);
    await expect(storage.size(bad)).rejects.toBeInstanceOf(MediaKeyError);
    await expect(storage.read(bad)).rejects.toBeInstanceOf(MediaKeyError);
    await expect(storage.delete(bad)).rejects.toBeInstanceOf(MediaKeyError);
  });

  it('refuses a range that is not one', async () => {
    await expect(storage.read(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.read(key, { start: -1, end: 4 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.read(key, { start: 0.5, end: 4 })).rejects.toBeInstanceOf(RangeError);
  });
});

describe('disk media storage on disk', () => {
  let adapter: Awaited<ReturnType<typeof startDisk>>;
  beforeAll(async () => {
    adapter = await startDisk();
  });
  afterAll(() => adapter?.stop());

  it('fans keys out into two levels of folders and leaves no partial file behind', async () => {
    const bytes = bytesOf('fan out');
    const key = keyOf(bytes);
    await adapter.storage.put(key, bytes, 'image/png');
    const folder = path.join(adapter.root, key.slice(0, 2), key.slice(2, 4));
    expect(await readdir(folder)).toEqual([key]);
  });
});

describe('makeStorage', () => {
  it('keeps media under DATA_DIR/media without S3, in a bucket with it', () => {
    expect(makeStorage(loadConfig({ DATA_DIR: '/srv/qbank' })).kind).toBe('disk');
    const s3 = makeStorage(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'media' }));
    expect(s3.kind).toBe('s3');
  });
});
