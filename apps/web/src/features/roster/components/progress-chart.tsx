import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ProgressWeek, percentOf } from '@qbank/contract';
import { useId, useState } from 'react';

const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const weekLabel = (weekStart: string) => weekFormat.format(new Date(`${weekStart}T00:00:00Z`));

const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A week's figures in words: what a bar says to a screen reader and on hover. */
const weekWords = (w: ProgressWeek) =>
  `Week of ${weekLabel(w.weekStart)}: ${plural(w.answered, 'answer', 'answers')}${
    w.percentCorrect === null ? '' : `, ${w.percentCorrect}% correct`
  }, ${plural(w.activeStudents, 'active student', 'active students')}, ${plural(
    w.questionsUsed,
    'question',
    'questions',
  )} used so far`;

/**
 * The students' progress week by week, as bars (answers given each week, the week's percent correct above
 * each), with a summary in words and the same figures as a table behind a button: the chart's text alternative.
 */
export function ProgressChart({ weeks }: { weeks: ProgressWeek[] }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const most = Math.max(1, ...weeks.map((w) => w.answered));
  const answered = weeks.reduce((n, w) => n + w.answered, 0);
  const correct = weeks.reduce((n, w) => n + w.correct, 0);
  const last = weeks.at(-1);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="progress-title">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h4" id="progress-title">
          Progress
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Hide the table' : 'Show as a table'}
        </Button>
      </Group>
      <Text size="sm" c="gray.7" mb="sm">
        {answered === 0
          ? `No answers yet in the last ${weeks.length} weeks.`
          : `${plural(answered, 'answer', 'answers')} in the last ${weeks.length} weeks, ${percentOf(
              correct,
              answered,
            )}% correct; ${plural(last?.questionsUsed ?? 0, 'question', 'questions')} used in all.`}
      </Text>
      <Group
        component="ol"
        gap={weeks.length > 16 ? 1 : 4}
        align="flex-end"
        wrap="nowrap"
        p={0}
        m={0}
        h={140}
        aria-label="Answers each week"
        style={{ listStyle: 'none' }}
      >
        {weeks.map((w) => {
          const words = weekWords(w);
          return (
            <Stack
              key={w.weekStart}
              component="li"
              gap={2}
              justify="flex-end"
              align="center"
              h="100%"
              style={{ flex: 1, minWidth: 0 }}
              title={words}
            >
              <Text size="xs" c="gray.7" aria-hidden visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                {w.percentCorrect === null ? '' : `${w.percentCorrect}%`}
              </Text>
              <div
                style={{
                  width: '100%',
                  height: `${Math.max(2, (w.answered / most) * 90)}px`,
                  background:
                    w.answered > 0 ? 'var(--mantine-color-brand-7, #1c5d99)' : 'var(--mantine-color-gray-3)',
                  borderRadius: 3,
                }}
              />
              <span style={srOnly}>{words}</span>
            </Stack>
          );
        })}
      </Group>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="gray.7">
          {weeks[0] ? weekLabel(weeks[0].weekStart) : ''}
        </Text>
        <Text size="xs" c="gray.7">
          This week
        </Text>
      </Group>
      <Text size="xs" c="gray.7" mt={4}>
        Bar height: answers in the tests ended that week; on a wider screen, that week's percent correct above
        it.
      </Text>
      <div id={tableId} hidden={!asTable}>
        {asTable && (
          <Table.ScrollContainer minWidth={480} type="native" mt="sm">
            <Table striped>
              <Table.Caption>The students' progress week by week (weeks from Monday, UTC)</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Week of</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Answers
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Correct
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Active students
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Questions used so far
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {weeks.map((w) => (
                  <Table.Tr key={w.weekStart}>
                    <Table.Th scope="row" fw={400}>
                      {weekLabel(w.weekStart)}
                    </Table.Th>
                    <Table.Td ta="right">{w.answered.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{w.percentCorrect === null ? '—' : `${w.percentCorrect}%`}</Table.Td>
                    <Table.Td ta="right">{w.activeStudents.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{w.questionsUsed.toLocaleString('en-US')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Paper>
  );
}
