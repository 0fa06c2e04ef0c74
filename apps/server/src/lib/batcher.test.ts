import { describe, expect, it } from 'vitest';
import { batcher } from './batcher';

interface Item {
  key: string;
  value: number;
}

/** A runner whose batches finish only when the test says so, recording what each batch held. */
function controlledRunner(fail?: (items: Item[]) => boolean) {
  const batches: Item[][] = [];
  const finishers: Array<() => void> = [];
  const run = (items: Item[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve, reject) => {
      finishers.push(() =>
        fail?.(items) ? reject(new Error(`failed ${items.length}`)) : resolve(items.map((i) => i.value * 10)),
      );
    });
  };
  /** Finishes the oldest unfinished batch and lets the promises settle. */
  const finishNext = async () => {
    finishers.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { run, batches, finishNext, pending: () => finishers.length };
}

const item = (key: string, value: number): Item => ({ key, value });

describe('batcher', () => {
  it('runs a call at once and alone when a slot is free', async () => {
    const r = controlledRunner();
    const call = batcher({ run: r.run, keyOf: (i: Item) => i.key, maxBatch: 10, maxInFlight: 2 });
    const a = call(item('a', 1));
    expect(r.batches).toEqual([[item('a', 1)]]);
    await r.finishNext();
    await expect(a).resolves.toBe(10);
  });

  it('groups the calls that arrive while the slots are busy, each caller getting its own result', async () => {
    const r = controlledRunner();
    const call = batcher({ run: r.run, keyOf: (i: Item) => i.key, maxBatch: 10, maxInFlight: 1 });
    const first = call(item('a', 1));
    const rest = [call(item('b', 2)), call(item('c', 3)), call(item('d', 4))];
    expect(r.batches).toHaveLength(1);
    await r.finishNext();
    expect(r.batches[1]).toEqual([item('b', 2), item('c', 3), item('d', 4)]);
    await r.finishNext();
    await expect(first).resolves.toBe(10);
    await expect(Promise.all(rest)).resolves.toEqual([20, 30, 40]);
  });

  it('never puts two calls with one key in a batch nor in flight at once, and keeps their order', async () => {
    const r = controlledRunner();
    const call = batcher({ run: r.run, keyOf: (i: Item) => i.key, maxBatch: 10, maxInFlight: 3 });
    const calls = [call(item('t1', 1)), call(item('t1', 2)), call(item('t2', 3)), call(item('t1', 4))];
    // t1's second call waits for the first; t2 is free to go in the second slot.
    expect(r.batches).toEqual([[item('t1', 1)], [item('t2', 3)]]);
    await r.finishNext();
    expect(r.batches[2]).toEqual([item('t1', 2)]);
    await r.finishNext();
    await r.finishNext();
    expect(r.batches[3]).toEqual([item('t1', 4)]);
    await r.finishNext();
    await expect(Promise.all(calls)).resolves.toEqual([10, 20, 30, 40]);
    expect(r.pending()).toBe(0);
  });

  it('without keys any calls share a batch; one batch at a time starts each after the calls it answers', async () => {
    const r = controlledRunner();
    const call = batcher({ run: r.run, maxBatch: 100, maxInFlight: 1 });
    const a = call(item('x', 1));
    const b = call(item('x', 2));
    const c = call(item('y', 3));
    // b and c came while a's batch ran: they wait for the next, which starts only when a's is done.
    expect(r.batches).toEqual([[item('x', 1)]]);
    await r.finishNext();
    expect(r.batches).toEqual([[item('x', 1)], [item('x', 2), item('y', 3)]]);
    await r.finishNext();
    expect(await Promise.all([a, b, c])).toEqual([10, 20, 30]);
  });

  it('keeps batches within the size limit', async () => {
    const r = controlledRunner();
    const call = batcher({ run: r.run, keyOf: (i: Item) => i.key, maxBatch: 2, maxInFlight: 1 });
    const calls = ['a', 'b', 'c', 'd', 'e'].map((k, n) => call(item(k, n)));
    while (r.pending() > 0) await r.finishNext();
    expect(r.batches.map((b) => b.length)).toEqual([1, 2, 2]);
    await expect(Promise.all(calls)).resolves.toEqual([0, 10, 20, 30, 40]);
  });

  it('when a batch fails, runs each of its calls alone so only the failing one sees the error', async () => {
    const r = controlledRunner((items) => items.some((i) => i.value === 3));
    const call = batcher({ run: r.run, keyOf: (i: Item) => i.key, maxBatch: 10, maxInFlight: 1 });
    const first = call(item('a', 1));
    const b = call(item('b', 2));
    const c = call(item('c', 3)).catch((e: Error) => e.message);
    const d = call(item('d', 4));
    await r.finishNext(); // a alone
    await r.finishNext(); // b, c, d together: fails
    expect(r.batches.slice(2)).toEqual([[item('b', 2)], [item('c', 3)], [item('d', 4)]]);
    while (r.pending() > 0) await r.finishNext();
    await expect(first).resolves.toBe(10);
    await expect(b).resolves.toBe(20);
    await expect(c).resolves.toBe('failed 1');
    await expect(d).resolves.toBe(40);
  });

  it('a runner answering the wrong number of results fails the batch rather than mixing callers up', async () => {
    let calls = 0;
    const call = batcher<Item, number>({
      run: async (items) => {
        calls++;
        return items.length > 1 ? [1] : [items[0]!.value];
      },
      keyOf: (i) => i.key,
      maxBatch: 10,
      maxInFlight: 1,
    });
    const all = [call(item('a', 5)), call(item('b', 6)), call(item('c', 7))];
    await expect(Promise.all(all)).resolves.toEqual([5, 6, 7]);
    expect(calls).toBeGreaterThanOrEqual(4);
  });
});
