import { describe, expect, it } from 'vitest';
import {
  hasMediaChanges,
  mediaEntriesOf,
  newMediaEntry,
  pendingMediaWork,
  shownMedia,
  toggleRemoved,
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
