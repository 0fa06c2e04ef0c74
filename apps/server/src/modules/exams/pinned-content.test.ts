import { describe, expect, it } from 'vitest';
import { pinnedContentCache } from './pinned-content';
import type { PinnedVersion } from './repository';

const version = (id: string, stem = `<p>Stem of ${id}</p>`): PinnedVersion => ({
  versionId: id,
  name: `Question ${id}`,
  stem,
  explanation: '<p>Because.</p>',
  choices: [
    { id: `${id}-a`, text: '<p>A</p>' },
    { id: `${id}-b`, text: '<p>B</p>' },
  ],
  correctChoiceId: `${id}-a`,
  references: [],
  media: [
    { mediaId: `${id}-m2`, hash: 'h2', mediaType: 'STEM', contentType: 'image/png' },
    { mediaId: `${id}-m1`, hash: 'h1', mediaType: 'EXPLANATION', contentType: 'video/mp4' },
  ],
});

/** A loader over a fixed set of versions that records what it was asked for. */
function loader(known: PinnedVersion[]) {
  const asked: string[][] = [];
  const byId = new Map(known.map((v) => [v.versionId, v]));
  const load = async (ids: string[]) => {
    asked.push(ids);
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  };
  return { load, asked };
}

describe('pinned content', () => {
  it('reads each version once, in one call for all the versions not kept, and splits media by type', async () => {
    const { load, asked } = loader(['v1', 'v2', 'v3'].map((id) => version(id)));
    const contentOf = pinnedContentCache(load, { now: () => 0 });
    const first = await contentOf(['v1', 'v2', 'v1']);
    expect(asked).toEqual([['v1', 'v2']]);
    expect(first.get('v1')).toMatchObject({
      name: 'Question v1',
      correctChoiceId: 'v1-a',
      stemMedia: [{ uuid: 'v1-m2', hash: 'h2', url: '/api/v2/media/h2', contentType: 'image/png' }],
      explanationMedia: [{ uuid: 'v1-m1', hash: 'h1', url: '/api/v2/media/h1', contentType: 'video/mp4' }],
    });
    const second = await contentOf(['v2', 'v3', 'v1']);
    expect(asked).toEqual([['v1', 'v2'], ['v3']]);
    expect([...second.keys()].sort()).toEqual(['v1', 'v2', 'v3']);
    await contentOf(['v3', 'v2']);
    expect(asked).toHaveLength(2);
  });

  it('answers without a version that no longer exists, and asks for it again next time', async () => {
    const { load, asked } = loader([version('v1')]);
    const contentOf = pinnedContentCache(load, { now: () => 0 });
    expect([...(await contentOf(['v1', 'gone'])).keys()]).toEqual(['v1']);
    await contentOf(['gone']);
    expect(asked).toEqual([['v1', 'gone'], ['gone']]);
  });

  it('lets the least recently used versions go past its memory limit', async () => {
    const big = (id: string) => version(id, `<p>${'x'.repeat(10_000)}</p>`);
    const { load, asked } = loader(['v1', 'v2', 'v3'].map(big));
    // Room for two of these versions (about 20 KB each as counted), not three.
    const contentOf = pinnedContentCache(load, { now: () => 0, maxBytes: 45_000 });
    await contentOf(['v1']);
    await contentOf(['v2']);
    await contentOf(['v1']); // v1 used last: v2 is now the least recently used
    await contentOf(['v3']);
    expect(asked).toEqual([['v1'], ['v2'], ['v3']]);
    await contentOf(['v1']);
    expect(asked).toHaveLength(3);
    await contentOf(['v2']);
    expect(asked).toEqual([['v1'], ['v2'], ['v3'], ['v2']]);
  });
});
