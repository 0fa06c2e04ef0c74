/**
 * Groups calls that arrive while earlier ones are running into one batch: the busiest writes (a timed test's
 * answer) then cost the database one statement and one commit for many callers instead of one each.
 *
 * Nothing waits on a timer: a call finds a free slot and runs at once, alone, when the server is quiet; under
 * load the slots are busy and the calls queued meanwhile leave together when one frees. Calls with the same
 * key (one test, whose row a batch locks) never share a batch nor run at the same time, so batches never lock
 * the same row and cannot deadlock each other; a keyed call waits, in order, for the one before it.
 *
 * When a batch fails as a whole, each of its calls is run again alone, so a call's error reaches only its
 * own caller and the others still succeed.
 */
export interface BatcherOptions<I, O> {
  /** Runs one batch and answers one result per item, in the items' order. */
  run(items: I[]): Promise<O[]>;
  /** Items with the same key are never in one batch nor in flight at once (none: any items may share a batch). */
  keyOf?(item: I): string;
  /** The most items in one batch. */
  maxBatch: number;
  /** The most batches running at once (each holds a database connection). */
  maxInFlight: number;
}

interface Pending<I, O> {
  item: I;
  key: string | null;
  resolve(o: O): void;
  reject(e: unknown): void;
}

export function batcher<I, O>(opts: BatcherOptions<I, O>): (item: I) => Promise<O> {
  let queue: Array<Pending<I, O>> = [];
  const busyKeys = new Set<string>();
  let inFlight = 0;

  function takeBatch(): Array<Pending<I, O>> {
    const batch: Array<Pending<I, O>> = [];
    const rest: Array<Pending<I, O>> = [];
    const blocked = new Set<string>();
    for (const p of queue) {
      // A key already taken (in flight, in this batch, or waiting behind an earlier call) keeps its order.
      if (p.key === null) {
        if (batch.length < opts.maxBatch) batch.push(p);
        else rest.push(p);
      } else if (batch.length < opts.maxBatch && !busyKeys.has(p.key) && !blocked.has(p.key)) {
        busyKeys.add(p.key);
        batch.push(p);
      } else {
        blocked.add(p.key);
        rest.push(p);
      }
    }
    queue = rest;
    return batch;
  }

  async function runBatch(batch: Array<Pending<I, O>>) {
    try {
      const out = await opts.run(batch.map((p) => p.item));
      if (out.length !== batch.length)
        throw new Error(`batch answered ${out.length} results for ${batch.length} items`);
      for (const [i, p] of batch.entries()) p.resolve(out[i] as O);
    } catch (e) {
      if (batch.length === 1) batch[0]!.reject(e);
      else
        await Promise.all(
          batch.map((p) =>
            opts.run([p.item]).then(
              (out) => p.resolve(out[0] as O),
              (err: unknown) => p.reject(err),
            ),
          ),
        );
    } finally {
      for (const p of batch) if (p.key !== null) busyKeys.delete(p.key);
      inFlight--;
      pump();
    }
  }

  function pump() {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      if (batch.length === 0) return;
      inFlight++;
      void runBatch(batch);
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, key: opts.keyOf?.(item) ?? null, resolve, reject });
      pump();
    });
}
