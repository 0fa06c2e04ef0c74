import { TEST_HIGHLIGHTS_MAX } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { addHighlight, removeHighlightAt, segmentsOf } from './highlights';

describe('addHighlight', () => {
  it('keeps ranges sorted and joins those that touch or overlap', () => {
    let hs = addHighlight([], { start: 10, end: 15 });
    hs = addHighlight(hs, { start: 0, end: 3 });
    expect(hs).toEqual([
      { start: 0, end: 3 },
      { start: 10, end: 15 },
    ]);
    expect(addHighlight(hs, { start: 3, end: 11 })).toEqual([{ start: 0, end: 15 }]);
    expect(addHighlight(hs, { start: 12, end: 20 })).toEqual([
      { start: 0, end: 3 },
      { start: 10, end: 20 },
    ]);
  });

  it('ignores an empty range and a range past the limit', () => {
    expect(addHighlight([{ start: 0, end: 2 }], { start: 5, end: 5 })).toEqual([{ start: 0, end: 2 }]);
    const full = Array.from({ length: TEST_HIGHLIGHTS_MAX }, (_, i) => ({ start: i * 3, end: i * 3 + 1 }));
    expect(addHighlight(full, { start: 10_000, end: 10_001 })).toHaveLength(TEST_HIGHLIGHTS_MAX);
  });
});

it('removeHighlightAt removes the highlight covering an offset', () => {
  const hs = [
    { start: 0, end: 3 },
    { start: 10, end: 15 },
  ];
  expect(removeHighlightAt(hs, 12)).toEqual([{ start: 0, end: 3 }]);
  expect(removeHighlightAt(hs, 3)).toEqual(hs);
});

describe('segmentsOf', () => {
  it('splits a text node into plain and highlighted pieces', () => {
    expect(segmentsOf(0, 10, [{ start: 2, end: 5 }])).toEqual([
      { from: 0, to: 2, highlight: null },
      { from: 2, to: 5, highlight: 2 },
      { from: 5, to: 10, highlight: null },
    ]);
  });

  it('places highlights that cross into a later node at its offset', () => {
    // A node from 10 to 20 of the stem; a highlight from 5 to 12 and another from 18 to 30.
    expect(
      segmentsOf(10, 10, [
        { start: 18, end: 30 },
        { start: 5, end: 12 },
      ]),
    ).toEqual([
      { from: 0, to: 2, highlight: 5 },
      { from: 2, to: 8, highlight: null },
      { from: 8, to: 10, highlight: 18 },
    ]);
  });

  it('leaves a node outside every highlight whole', () => {
    expect(segmentsOf(50, 4, [{ start: 0, end: 3 }])).toEqual([{ from: 0, to: 4, highlight: null }]);
    expect(segmentsOf(0, 0, [{ start: 0, end: 3 }])).toEqual([]);
  });
});
