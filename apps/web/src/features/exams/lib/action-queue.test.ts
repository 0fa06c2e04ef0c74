import type { QuestionAction } from '@qbank/contract';
import { TEST_ENDED_MESSAGE } from '@qbank/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { ActionQueue, type QueueHooks } from './action-queue';
import type { RunAction } from './run-state';

const answer = (id: string, qid = 'q1', choice = 'c'): RunAction => ({ kind: 'answer', id, qid, choice });
const reply = (a: RunAction) => ({ question: { uuid: a.qid } }) as unknown as QuestionAction;

function setup(send: (a: RunAction) => Promise<QuestionAction>, initial: RunAction[] = []) {
  const log: string[] = [];
  let saved: readonly RunAction[] = initial;
  const offline: boolean[] = [];
  const hooks: QueueHooks = {
    send: vi.fn(send),
    save: (items) => {
      saved = items;
    },
    onChange: () => {},
    onSent: (a, r) => log.push(`sent ${a.id}${r ? '' : ' (nothing to do)'}`),
    onRefused: (a) => log.push(`refused ${a.id}`),
    onOffline: (o) => offline.push(o),
    onStop: (r) => log.push(`stop ${r}`),
  };
  const queue = new ActionQueue(initial, hooks);
  return { queue, hooks, log, offline, saved: () => saved };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ActionQueue', () => {
  it('holds everything until released, then sends in order', async () => {
    const { queue, log, saved } = setup(async (a) => reply(a), [answer('1')]);
    queue.push(answer('2', 'q2'));
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual([]);
    expect(saved().map((a) => a.id)).toEqual(['1', '2']);
    queue.release();
    expect(await queue.drain()).toBe(true);
    expect(log).toEqual(['sent 1', 'sent 2']);
    expect(saved()).toEqual([]);
  });

  it('keeps an action that could not be sent, retries with the doubling delays, then waits', async () => {
    let online = false;
    const { queue, hooks, log, offline } = setup(async (a) => {
      if (!online) throw new TypeError('Failed to fetch');
      return reply(a);
    });
    queue.release();
    queue.push(answer('1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(hooks.send).toHaveBeenCalledTimes(1);
    for (const [wait, calls] of [
      [199, 1],
      [1, 2],
      [400, 3],
      [800, 4],
      [1600, 5],
      [3200, 6],
      [60_000, 6],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait);
      expect(hooks.send).toHaveBeenCalledTimes(calls);
    }
    expect(queue.pending).toHaveLength(1);
    expect(offline.at(-1)).toBe(true);
    // The connection is back.
    online = true;
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['sent 1']);
    expect(offline.at(-1)).toBe(false);
  });

  it('a 5xx is retried like a lost connection; a 4xx is dropped and said', async () => {
    let calls = 0;
    const { queue, log } = setup(async (a) => {
      calls += 1;
      if (a.id === '1' && calls === 1) throw new HttpError(503, 'Service Unavailable', 'x');
      if (a.id === '2') throw new HttpError(400, 'Bad Request', 'choice must be a UUID');
      return reply(a);
    });
    queue.release();
    queue.push(answer('1'));
    queue.push(answer('2', 'q2'));
    queue.push(answer('3', 'q3'));
    await vi.advanceTimersByTimeAsync(200);
    expect(log).toEqual(['sent 1', 'refused 2', 'sent 3']);
  });

  it('a new action for the same question replaces a waiting one, not the one on its way', async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const { queue } = setup(async (a) => {
      sent.push(`${a.id}:${(a as { choice: string }).choice}`);
      if (a.id === '1') await new Promise<void>((r) => (release = r));
      return reply(a);
    });
    queue.release();
    queue.push(answer('1', 'q1', 'a'));
    await vi.advanceTimersByTimeAsync(0);
    queue.push(answer('2', 'q1', 'b'));
    queue.push(answer('3', 'q1', 'c'));
    expect(queue.pending.map((a) => a.id)).toEqual(['1', '3']);
    release();
    await queue.drain();
    expect(sent).toEqual(['1:a', '3:c']);
  });

  it('drops everything once the test has ended', async () => {
    const { queue, log, saved } = setup(async () => {
      throw new HttpError(409, 'Conflict', TEST_ENDED_MESSAGE);
    });
    queue.release();
    queue.push(answer('1'));
    queue.push(answer('2', 'q2'));
    expect(await queue.drain()).toBe(true);
    expect(log).toEqual(['stop ended']);
    expect(saved()).toEqual([]);
  });

  it('keeps everything when signed out, and drain says so', async () => {
    const { queue, log } = setup(async () => {
      throw new HttpError(401, 'Unauthorized', 'Need to reauthorize');
    });
    queue.release();
    queue.push(answer('1'));
    expect(await queue.drain()).toBe(false);
    expect(log).toEqual(['stop signed-out']);
    expect(queue.pending).toHaveLength(1);
  });
});
