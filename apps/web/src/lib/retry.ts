/** SPEC §8/§9: a status above 500 is retried after 200 ms, the delay doubling while the previous one was at most 1600 ms. */
export const FIRST_RETRY_DELAY_MS = 200;
export const LAST_DOUBLING_FROM_MS = 1600;

export function shouldRetryStatus(status: number): boolean {
  return status > 500;
}

/** The delay before the next retry, or null when no retry is left. `previous` is the last delay used (null before the first retry). */
export function nextRetryDelay(previous: number | null): number | null {
  if (previous === null) return FIRST_RETRY_DELAY_MS;
  return previous <= LAST_DOUBLING_FROM_MS ? previous * 2 : null;
}

/** Every delay a request may wait through: 200, 400, 800, 1600, 3200. */
export function retrySchedule(): number[] {
  const out: number[] = [];
  for (let d = nextRetryDelay(null); d !== null; d = nextRetryDelay(d)) out.push(d);
  return out;
}
