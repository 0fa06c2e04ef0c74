// The pure parts of the bench's fixed-rate load (load.ts): when each request is due, and percentiles.

/** When each of `rate × seconds` requests is due, in ms from the start: evenly spaced, 1000 / rate apart. */
export function sendTimes(rate: number, seconds: number): number[] {
  if (!(rate > 0) || !(seconds > 0)) throw new RangeError('rate and seconds must be above 0');
  const count = Math.round(rate * seconds);
  const gap = 1000 / rate;
  return Array.from({ length: count }, (_, i) => i * gap);
}

/**
 * The p-th percentile of sorted values by the nearest-rank method (the smallest value with at least p % of the
 * values at or below it), as HdrHistogram and autocannon report it. NaN for no values.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
