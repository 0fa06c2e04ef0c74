import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertByteRange, assertMediaKey, type MediaStorage } from './storage-keys';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Media as files under `root`, fanned out by the key's first two bytes (ab/cd/abcd...): 65,536 folders share
 * the files evenly, so none grows to the size where listing or backing it up crawls.
 */
export function diskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    assertMediaKey(key);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };

  async function size(key: string) {
    try {
      return (await stat(fileOf(key))).size;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 'disk',
    size,
    async put(key, bytes) {
      const file = fileOf(key);
      // Same key, same bytes: the copy already there is the one we would write.
      if ((await size(key)) !== null) return;
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true });
      // Written beside its final name and renamed into place once on disk, so the key names either nothing
      // or the whole file, after a crash too. Keys are hex, so a '.partial' name never passes for one.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        const handle = await open(partial, 'wx');
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      await syncDirectory(dir);
    },
    async read(key, range) {
      const file = fileOf(key);
      if (range) assertByteRange(range);
      // Opened first, so a missing file is null here rather than an error on the stream later.
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // The stream closes the handle when it ends, fails or is destroyed.
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Makes the rename itself durable: the caller records the file in the database right after. */
async function syncDirectory(dir: string) {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some systems (Windows) cannot open or sync a directory; the file itself is already synced.
  } finally {
    await handle?.close();
  }
}
