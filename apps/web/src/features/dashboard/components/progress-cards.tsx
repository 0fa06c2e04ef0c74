import { Anchor, Group, Paper, Progress, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Dashboard } from '@qbank/contract';
import { Link } from 'react-router';
import { unusedOf } from '../lib/performance';

/** A labelled bar of a percent (Progress's section is the element with the progressbar role). */
function PercentBar({ label, value }: { label: string; value: number | null }) {
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {value === null ? '—' : `${value}%`}
        </Text>
      </Group>
      <Progress.Root size="md" mt={4}>
        <Progress.Section value={value ?? 0} color="brand.7" aria-label={label} />
      </Progress.Root>
    </div>
  );
}

/** Questions used and unused, and percent correct beside all learners of the product. */
export function ProgressCards({
  stats,
  freeSample,
}: {
  stats: Dashboard;
  /** The product's store page, when the learner is on its free sample. */
  freeSample: string | null;
}) {
  const { totalQuestions: total, usedQuestions: used } = stats;
  const usedPercent = total > 0 ? Math.min(100, Math.round((100 * used) / total)) : 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Paper withBorder p="md" component="section" aria-labelledby="dashboard-usage">
        <Title order={3} size="h5" id="dashboard-usage">
          Questions used
        </Title>
        <Group gap="md" mt="sm" wrap="nowrap">
          <RingProgress
            size={96}
            thickness={10}
            roundCaps
            sections={[{ value: usedPercent, color: 'brand.7' }]}
            label={
              <Text ta="center" fw={700} size="sm" aria-hidden>
                {usedPercent}%
              </Text>
            }
            aria-hidden
          />
          <Stack gap={2}>
            <Text fw={600}>
              {used} of {total} used
            </Text>
            <Text size="sm" c="gray.7">
              {unusedOf(total, used)} unused
            </Text>
            {freeSample && (
              <Anchor component={Link} to={freeSample} size="sm">
                Free sample: upgrade for every question
              </Anchor>
            )}
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="dashboard-score">
        <Title order={3} size="h5" id="dashboard-score">
          Percent correct
        </Title>
        <Text size="sm" c="gray.7">
          {stats.correct} correct of {stats.answered} answered (your latest answer to each question)
        </Text>
        <Stack gap="sm" mt="sm">
          <PercentBar label="You" value={stats.percentCorrect} />
          <PercentBar label="All learners" value={stats.averagePercentCorrect} />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
