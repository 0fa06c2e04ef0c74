import { type Highlight, TEST_HIGHLIGHTS_MAX } from '@qbank/contract';

/**
 * Highlights are ranges of the stem's text content (character offsets, end exclusive), so they survive any
 * rendering of the same HTML. Kept sorted and apart: a new range joins every range it touches.
 */
export function addHighlight(ranges: readonly Highlight[], added: Highlight): Highlight[] {
  if (added.end <= added.start) return [...ranges];
  let { start, end } = added;
  const apart: Highlight[] = [];
  for (const r of ranges) {
    if (r.end < start || r.start > end) apart.push(r);
    else {
      start = Math.min(start, r.start);
      end = Math.max(end, r.end);
    }
  }
  const out = [...apart, { start, end }].sort((a, b) => a.start - b.start);
  // The server keeps at most TEST_HIGHLIGHTS_MAX ranges; past that a new one is not taken.
  return out.length > TEST_HIGHLIGHTS_MAX ? [...ranges] : out;
}

/** The highlights without the one that covers `offset` (a click on a highlight removes it). */
export const removeHighlightAt = (ranges: readonly Highlight[], offset: number): Highlight[] =>
  ranges.filter((r) => !(offset >= r.start && offset < r.end));

export interface Segment {
  /** Offsets within the piece of text, end exclusive. */
  from: number;
  to: number;
  /** The start of the highlight it lies in (which identifies it), or null outside every highlight. */
  highlight: number | null;
}

/**
 * How a piece of text that starts at `offset` in the stem and is `length` long splits into plain and
 * highlighted segments (each text node of the stem is split this way, so highlights may cross tags).
 */
export function segmentsOf(offset: number, length: number, ranges: readonly Highlight[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const from = Math.max(r.start - offset, at);
    const to = Math.min(r.end - offset, length);
    if (to <= from) continue;
    if (from > at) out.push({ from: at, to: from, highlight: null });
    out.push({ from, to, highlight: r.start });
    at = to;
  }
  if (at < length) out.push({ from: at, to: length, highlight: null });
  return out;
}
