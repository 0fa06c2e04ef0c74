import { Typography } from '@mantine/core';
import type { Highlight } from '@qbank/contract';
import { type RefObject, useLayoutEffect } from 'react';
import { richTextClass } from '../../../components/rich-text-view';
import { segmentsOf } from '../lib/highlights';

/** Wraps the highlighted ranges of the element's text in <mark>s, node by node (a range may cross tags). */
function markHighlights(root: HTMLElement, ranges: readonly Highlight[]) {
  if (ranges.length === 0) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  let offset = 0;
  for (const node of nodes) {
    const segments = segmentsOf(offset, node.data.length, ranges);
    offset += node.data.length;
    // Whitespace between table cells stays as it is: a <mark> there would break the table.
    if (!segments.some((s) => s.highlight !== null) || node.data.trim() === '') continue;
    const pieces = document.createDocumentFragment();
    for (const s of segments) {
      const text = document.createTextNode(node.data.slice(s.from, s.to));
      if (s.highlight === null) pieces.append(text);
      else {
        const mark = document.createElement('mark');
        mark.dataset.highlight = String(s.highlight);
        mark.title = 'Highlighted: click to remove';
        mark.append(text);
        pieces.append(mark);
      }
    }
    node.replaceWith(pieces);
  }
}

/** The offset in `root`'s text content of a point of the DOM. */
function textOffset(root: HTMLElement, node: Node, offset: number): number {
  const before = document.createRange();
  before.selectNodeContents(root);
  before.setEnd(node, offset);
  return before.toString().length;
}

/** The part of the stem's text the learner selected, as offsets of its text content; null if none. */
export function selectedRange(root: HTMLElement | null): Highlight | null {
  const selection = window.getSelection();
  if (!root || !selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!range.intersectsNode(root)) return null;
  const start = root.contains(range.startContainer)
    ? textOffset(root, range.startContainer, range.startOffset)
    : 0;
  const end = root.contains(range.endContainer)
    ? textOffset(root, range.endContainer, range.endOffset)
    : (root.textContent ?? '').length;
  return end > start ? { start, end } : null;
}

/**
 * A question's stem with the learner's highlights. The HTML is written into the element here rather than by
 * React, so the highlights can be laid over it as <mark>s; a click on one asks for its removal.
 */
export function RunStem({
  html,
  highlights,
  stemRef,
  onRemoveHighlight,
}: {
  html: string;
  highlights: readonly Highlight[];
  stemRef: RefObject<HTMLDivElement | null>;
  onRemoveHighlight?: (offset: number) => void;
}) {
  // Rewritten only when the highlights really change (a server's echo of the same ones would clear a
  // selection the learner is making).
  const marks = JSON.stringify(highlights);
  useLayoutEffect(() => {
    const root = stemRef.current;
    if (!root) return;
    root.innerHTML = html;
    markHighlights(root, JSON.parse(marks) as Highlight[]);
  }, [html, marks, stemRef]);
  return (
    <Typography className={richTextClass}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a mouse shortcut; the Clear highlights button does it by keyboard */}
      <div
        ref={stemRef}
        data-testid="question-stem"
        onClick={(e) => {
          const mark = (e.target as HTMLElement).closest('mark[data-highlight]');
          if (mark && onRemoveHighlight) onRemoveHighlight(Number((mark as HTMLElement).dataset.highlight));
        }}
      />
    </Typography>
  );
}
