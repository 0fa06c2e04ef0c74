import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StudentDetail } from '@qbank/contract';

const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Tests started per week over the last twelve, as bars; each bar's words (week, tests, answers) are its text for
 * screen readers, and the busiest week sets the scale.
 */
export function ActivityChart({ activity }: { activity: StudentDetail['activity'] }) {
  const most = Math.max(1, ...activity.map((w) => w.tests));
  const total = activity.reduce((n, w) => n + w.tests, 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="activity-title">
      <Title order={2} size="h4" id="activity-title">
        Activity
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {total === 0
          ? 'No test started in the last twelve weeks.'
          : `Tests started each week over the last twelve weeks: ${total} in all.`}
      </Text>
      <Group
        component="ol"
        gap={4}
        align="flex-end"
        wrap="nowrap"
        p={0}
        m={0}
        h={120}
        aria-label="Tests started each week"
        style={{ listStyle: 'none' }}
      >
        {activity.map((w) => {
          const label = `Week of ${weekFormat.format(new Date(`${w.weekStart}T00:00:00Z`))}: ${w.tests} ${
            w.tests === 1 ? 'test' : 'tests'
          }, ${w.answered} ${w.answered === 1 ? 'answer' : 'answers'}`;
          return (
            <Stack
              key={w.weekStart}
              component="li"
              gap={2}
              justify="flex-end"
              align="center"
              h="100%"
              style={{ flex: 1, minWidth: 0 }}
              title={label}
            >
              <Text size="xs" c="gray.7" aria-hidden>
                {w.tests > 0 ? w.tests : ''}
              </Text>
              <div
                style={{
                  width: '100%',
                  height: `${Math.max(2, (w.tests / most) * 80)}px`,
                  background:
                    w.tests > 0 ? 'var(--mantine-color-brand-7, #1c5d99)' : 'var(--mantine-color-gray-3)',
                  borderRadius: 3,
                }}
              />
              <span
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                  whiteSpace: 'nowrap',
                }}
              >
                {label}
              </span>
            </Stack>
          );
        })}
      </Group>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="gray.7">
          {weekFormat.format(new Date(`${activity[0]?.weekStart}T00:00:00Z`))}
        </Text>
        <Text size="xs" c="gray.7">
          This week
        </Text>
      </Group>
    </Paper>
  );
}
