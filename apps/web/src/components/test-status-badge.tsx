import { Badge } from '@mantine/core';
import type { TestStatus } from '@qbank/contract';
import { TEST_STATUS_LABELS } from '../lib/test-summary';

/** Dark shades, so the white word on each reads at WCAG AA; the word, not the colour, says the status. */
const colours: Record<TestStatus, string> = {
  IN_PROGRESS: 'brand.7',
  PAUSED: 'grape.9',
  COMPLETED: 'teal.9',
};

/** A test's status in My Tests and on the dashboard. */
export function TestStatusBadge({ status }: { status: TestStatus }) {
  return (
    <Badge color={colours[status]} style={{ flexShrink: 0 }}>
      {TEST_STATUS_LABELS[status]}
    </Badge>
  );
}
