import { Progress, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { progressPercent } from '../lib/import-flow';

/**
 * A job's progress bar: how many questions of how many, or, until the job has said, a moving bar that says only
 * that it is under way (a progressbar without a value, as ARIA has it for "not known yet").
 */
export function ImportProgress({
  label,
  progress,
}: {
  label: string;
  progress: { done: number; total: number } | null;
}) {
  const labelId = useId();
  const pct = progressPercent(progress);
  const detail =
    pct === null || !progress
      ? 'Starting…'
      : `${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} questions`;
  return (
    <Stack gap={6}>
      <Text fw={600} id={labelId}>
        {label}
      </Text>
      <Progress.Root size="lg" radius="sm">
        <Progress.Section
          value={pct ?? 100}
          striped
          animated={pct === null}
          withAria={false}
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct ?? undefined}
          aria-valuetext={detail}
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" aria-live="polite">
        {detail}
      </Text>
    </Stack>
  );
}
