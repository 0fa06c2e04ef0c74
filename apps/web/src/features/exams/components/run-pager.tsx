import { Button, Group, Paper } from '@mantine/core';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';

/**
 * Previous and Next under the question, in a bar that stays at the bottom of the window while the question is
 * longer than it (as the anchors' exam screens keep them); on the last one, Finish (which asks first).
 */
export function RunPager({
  current,
  total,
  onPrevious,
  onNext,
  onFinish,
}: {
  current: number;
  total: number;
  onPrevious: () => void;
  onNext: () => void;
  onFinish: () => void;
}) {
  return (
    <Paper
      withBorder
      p="xs"
      style={{ position: 'sticky', bottom: 0, zIndex: 5, boxShadow: 'var(--mantine-shadow-sm)' }}
    >
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          onClick={onPrevious}
          disabled={current === 0}
        >
          Previous
        </Button>
        {current === total - 1 ? (
          <Button color="red.9" variant="outline" onClick={onFinish}>
            Finish
          </Button>
        ) : (
          <Button rightSection={<IconChevronRight size={16} aria-hidden />} onClick={onNext}>
            Next
          </Button>
        )}
      </Group>
    </Paper>
  );
}
