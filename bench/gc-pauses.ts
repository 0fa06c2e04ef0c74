// The garbage collector's pauses of this process (the server's, in the bench) during a window: how many major
// collections (mark-compact) stopped the event loop and for how long, the usual cause of a p99 far above the p50.
import { constants, PerformanceObserver } from 'node:perf_hooks';

export interface GcPauses {
  /** Major collections in the window. */
  major: number;
  /** The longest pause of any collection, major or minor, in ms. */
  longestMs: number;
  /** All pauses added up, in ms. */
  totalMs: number;
}

/** Starts watching; the function returned stops and answers what was seen. */
export function watchGc(): () => GcPauses {
  const seen: GcPauses = { major: 0, longestMs: 0, totalMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) seen.major += 1;
      seen.longestMs = Math.max(seen.longestMs, e.duration);
      seen.totalMs += e.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    observer.disconnect();
    return seen;
  };
}

/** As a table cell: `3 (longest 12.4 ms)`. */
export const gcCell = (g: GcPauses | undefined): string =>
  g ? `${g.major} (longest ${g.longestMs.toFixed(1)} ms)` : '—';
