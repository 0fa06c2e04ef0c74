import type { QuestionStatus } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { mediaEntriesOf, newMediaEntry, toggleRemoved } from './media';
import { MediaUploadFailed, type SaveCalls, StatusMoveFailed, saveQuestionWithMedia } from './save-question';

const item = (uuid: string) => ({ uuid, url: `/api/v2/media/${uuid}`, hash: uuid, contentType: 'image/png' });
const picked = (name: string) =>
  newMediaEntry(new File(['x'], name, { type: 'image/png' }), 'STEM', `blob:${name}`);

/** Fake calls that log what was sent, with the server's versions: each call makes one. */
function server(version: number, fail: { upload?: string; save?: QuestionStatus } = {}) {
  const log: string[] = [];
  let v = version;
  const calls: SaveCalls = {
    removeMedia: async (e) => {
      log.push(`remove ${e.key}`);
      return { version: ++v };
    },
    saveQuestion: async (status, base) => {
      log.push(`save ${status} from ${base ?? 'new'}`);
      if (fail.save === status) throw new Error('refused');
      v = base === undefined ? 1 : v + 1;
      return { uuid: 'q', version: v };
    },
    uploadMedia: async (id, e) => {
      log.push(`upload ${e.name} to ${id}`);
      if (fail.upload === e.name) throw new Error('500');
      v += 1;
      return item(`${e.name}-id`);
    },
  };
  return { log, calls };
}

describe('saving a question with its media', () => {
  it('removes dropped media first, saves, then uploads only the new files', async () => {
    const stored = toggleRemoved(
      mediaEntriesOf({ stemMediaUrls: [item('a')], explanationMediaUrls: [] }),
      'a',
    );
    const { log, calls } = server(3);
    const done = await saveQuestionWithMedia(
      {
        to: 'DRAFT',
        current: 'DRAFT',
        baseVersion: 3,
        media: [...stored, picked('one.png'), picked('two.png')],
      },
      calls,
    );
    expect(log).toEqual(['remove a', 'save DRAFT from 4', 'upload one.png to q', 'upload two.png to q']);
    expect(done).toEqual({ uuid: 'q', version: 7 });
  });

  it('takes a step of the workflow last when files go with it: draft, files, then submit', async () => {
    const { log, calls } = server(0);
    const done = await saveQuestionWithMedia(
      { to: 'SUBMITTED', current: null, baseVersion: undefined, media: [picked('one.png')] },
      calls,
    );
    expect(log).toEqual(['save DRAFT from new', 'upload one.png to q', 'save SUBMITTED from 2']);
    expect(done).toEqual({ uuid: 'q', version: 3 });
  });

  it('takes the step in the one save when there is no file to add', async () => {
    const { log, calls } = server(0);
    await saveQuestionWithMedia({ to: 'SUBMITTED', current: null, baseVersion: undefined, media: [] }, calls);
    expect(log).toEqual(['save SUBMITTED from new']);
  });

  it('says which part failed once the question is saved', async () => {
    const up = server(0, { upload: 'two.png' });
    const events: string[] = [];
    await expect(
      saveQuestionWithMedia(
        { to: 'DRAFT', current: null, baseVersion: undefined, media: [picked('one.png'), picked('two.png')] },
        up.calls,
        { uploaded: (e, _i, v) => events.push(`${e.name} v${v}`) },
      ),
    ).rejects.toBeInstanceOf(MediaUploadFailed);
    expect(events).toEqual(['one.png v2']);

    const step = server(4, { save: 'SUBMITTED' });
    const error = await saveQuestionWithMedia(
      { to: 'SUBMITTED', current: 'NEEDS_REVISION', baseVersion: 4, media: [picked('one.png')] },
      step.calls,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusMoveFailed);
    expect((error as StatusMoveFailed).saved).toEqual({ uuid: 'q', version: 6 });
    expect(step.log[0]).toBe('save NEEDS_REVISION from 4');
  });
});
