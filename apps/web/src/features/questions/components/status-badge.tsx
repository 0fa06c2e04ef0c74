import { Badge } from '@mantine/core';
import { type QuestionStatus, STATUS_LABELS } from '@qbank/contract';

/** Dark shades, so the white word on each reads at WCAG AA; the word, not the colour, says the status. */
const colours: Record<QuestionStatus, string> = {
  DRAFT: 'gray.7',
  SUBMITTED: 'brand.7',
  NEEDS_REVISION: 'red.9',
  PUBLISHED: 'teal.9',
  DELETED: 'dark.6',
};

/**
 * A status in its word, never cut: the badge is as wide as its word, whatever squeezes it (a table cell, a row
 * of a phone's card), so the word does not end in an ellipsis ("SUBMITT…").
 */
export function StatusBadge({ status }: { status: QuestionStatus }) {
  return (
    <Badge color={colours[status]} style={{ flexShrink: 0, minWidth: 'max-content', overflow: 'visible' }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
