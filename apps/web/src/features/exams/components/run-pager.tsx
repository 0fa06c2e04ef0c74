import { Button, Group } from '@mantine/core';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';

/** Previous and Next under the question; on the last one, Finish (which asks first). */
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
  );
}
