import { describe, expect, it } from 'vitest';
import {
  altFromFileName,
  formatSize,
  hasMediaChanges,
  mediaEntriesOf,
  mediaFileProblem,
  newMediaEntry,
  pendingMediaWork,
  shownMedia,
  toggleRemoved,
  uploadedEntry,
} from './media';

const item = (uuid: string) => ({ uuid, url: `/api/v2/media/${uuid}`, hash: uuid, contentType: 'image/png' });

describe('media entries', () => {
  const fetched = mediaEntriesOf({ stemMediaUrls: [item('a')], explanationMediaUrls: [item('b')] });
  it('lists stored media as fetched, by where they sit', () => {
    expect(fetched.map((e) => [e.key, e.mediaType, e.origin])).toEqual([
      ['a', 'STEM', 'fetched'],
      ['b', 'EXPLANATION', 'fetched'],
    ]);
    expect(hasMediaChanges(fetched)).toBe(false);
  });
  it('uploads only new files kept and removes only stored ones dropped', () => {
    const file = new File(['x'], 'x.png', { type: 'image/png' });
    const added = [...fetched, newMediaEntry(file, 'STEM', 'blob:x')];
    const removedA = toggleRemoved(added, 'a');
    const work = pendingMediaWork(removedA);
    expect(work.uploads.map((e) => e.file)).toEqual([file]);
    expect(work.removals.map((e) => e.key)).toEqual(['a']);
    expect(shownMedia(removedA, 'STEM').map((e) => e.url)).toEqual(['blob:x']);
    // A new file dropped again is simply gone; a stored one toggled back is kept.
    const newKey = added[2]!.key;
    expect(pendingMediaWork(toggleRemoved(toggleRemoved(removedA, 'a'), newKey))).toEqual({
      uploads: [],
      removals: [],
    });
  });
});

describe('picked files', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });
  it('takes the six formats within their limits and says why it refuses the others', () => {
    expect(mediaFileProblem(file('heart.png', 'image/png', 2048))).toBeNull();
    expect(mediaFileProblem(file('clip.webm', 'video/webm', 150 * 1024 * 1024))).toBeNull();
    expect(mediaFileProblem(file('logo.svg', 'image/svg+xml', 100))).toBe(
      'logo.svg cannot be added: only PNG, JPEG, GIF and WebP images and MP4 and WebM videos can.',
    );
    expect(mediaFileProblem(file('notes', '', 100))).toMatch(/^notes cannot be added: only PNG/);
    expect(mediaFileProblem(file('empty.png', 'image/png', 0))).toBe(
      'empty.png cannot be added: the file is empty.',
    );
    expect(mediaFileProblem(file('scan.jpg', 'image/jpeg', 12.5 * 1024 * 1024))).toBe(
      'scan.jpg cannot be added: it is 12.5 MB, and an image may be at most 10 MB.',
    );
    expect(mediaFileProblem(file('lecture.mp4', 'video/mp4', 201 * 1024 * 1024))).toMatch(
      /a video may be at most 200 MB\.$/,
    );
  });
  it('makes alt text from the file name and sizes people read', () => {
    expect(altFromFileName('left-ventricle_pressure.png')).toBe('left ventricle pressure');
    expect(altFromFileName('ECG.v2.jpeg')).toBe('ECG v2');
    expect(formatSize(300)).toBe('1 KB');
    expect(formatSize(820 * 1024)).toBe('820 KB');
  });
  it('turns an uploaded entry into the stored item it now is', () => {
    const f = new File(['x'], 'x.png', { type: 'image/png' });
    const e = newMediaEntry(f, 'EXPLANATION', 'blob:x');
    expect(uploadedEntry(e, item('c'))).toEqual({
      key: 'c',
      mediaType: 'EXPLANATION',
      origin: 'fetched',
      url: '/api/v2/media/c',
      contentType: 'image/png',
      item: item('c'),
      name: 'x.png',
      removed: false,
    });
  });
});
