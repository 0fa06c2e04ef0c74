/**
 * Waits for a state, not for a time: checks `done` until it holds, every few milliseconds, and fails naming
 * `what` if it has not held within `timeoutMs`. For what a test cannot move with a clock: a worker running in
 * the background, a real server, a Redis key's TTL.
 */
export async function until(
  done: () => boolean | Promise<boolean>,
  {
    what = 'the condition',
    timeoutMs = 20_000,
    everyMs = 10,
  }: { what?: string; timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
