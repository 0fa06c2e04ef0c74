import { describe, expect, it } from 'vitest';
import { mediaEntriesOf, newMediaEntry, toggleRemoved } from './media';
import { MediaUploadFailed, type SaveCalls, saveQuestionWithMedia } from './save-question';

const item = (uuid: string) => ({ uuid, url: `/api/v2/media/${uuid}`, hash: uuid, contentType: 'image/png' });
const picked = (name: string, mediaType: 'STEM' | 'EXPLANATION' = 'STEM') =>
  newMediaEntry(new File(['x'], name, { type: 'image/png' }), mediaType, `blob:${name}`);

/** Fake calls that log what was sent, with the server's versions: only a save makes one. */
function server(version: number, fail: { store?: string } = {}) {
  const log: string[] = [];
  let v = version;
  const calls: SaveCalls = {
    storeFile: async (e) => {
      log.push(`store ${e.name}`);
      if (fail.store === e.name) throw new Error('500');
      return { hash: `${e.name}-hash`, url: `/api/v2/media/${e.name}-hash`, contentType: 'image/png' };
    },
    saveQuestion: async (status, base, media) => {
      log.push(`save ${status} from ${base ?? 'new'} with ${JSON.stringify(media)}`);
      v = base === undefined ? 1 : v + 1;
      return { uuid: 'q', version: v };
    },
  };
  return { log, calls };
}

describe('saving a question with its media', () => {
  it('stores the new files, then saves once with every kept item: one save, one version', async () => {
    const stored = toggleRemoved(
      mediaEntriesOf({ stemMediaUrls: [item('a'), item('b')], explanationMediaUrls: [] }),
      'a',
    );
    const one = picked('one.png');
    const two = picked('two.png', 'EXPLANATION');
    const { log, calls } = server(3);
    const done = await saveQuestionWithMedia(
      { to: 'SUBMITTED', baseVersion: 3, media: [...stored, one, two] },
      calls,
    );
    expect(done).toEqual({ uuid: 'q', version: 4 });
    expect(log).toEqual([
      'store one.png',
      'store two.png',
      `save SUBMITTED from 3 with ${JSON.stringify({
        stem: [
          { uuid: 'b', hash: 'b' },
          { uuid: one.key, hash: 'one.png-hash' },
        ],
        explanation: [{ uuid: two.key, hash: 'two.png-hash' }],
      })}`,
    ]);
  });

  it('a new question with an image is one POST naming it', async () => {
    const pic = picked('valve.png');
    const { log, calls } = server(0);
    const done = await saveQuestionWithMedia({ to: 'DRAFT', baseVersion: undefined, media: [pic] }, calls);
    expect(done.version).toBe(1);
    expect(log.filter((l) => l.startsWith('save'))).toHaveLength(1);
  });

  it('a failed upload saves nothing; a retry does not send the files already stored', async () => {
    const a = picked('a.png');
    const b = picked('b.png');
    const { log, calls } = server(2, { store: 'b.png' });
    const stored: string[] = [];
    await expect(
      saveQuestionWithMedia({ to: 'DRAFT', baseVersion: 2, media: [a, b] }, calls, {
        stored: (e) => stored.push(e.key),
      }),
    ).rejects.toBeInstanceOf(MediaUploadFailed);
    expect(log).toEqual(['store a.png', 'store b.png']);
    expect(stored).toEqual([a.key]);
    const retry = server(2);
    await saveQuestionWithMedia(
      {
        to: 'DRAFT',
        baseVersion: 2,
        media: [
          { ...a, stored: { hash: 'a-hash', url: '/api/v2/media/a-hash', contentType: 'image/png' } },
          b,
        ],
      },
      retry.calls,
    );
    expect(retry.log.slice(0, 2)).toEqual(['store b.png', expect.stringContaining('"hash":"a-hash"')]);
  });
});
