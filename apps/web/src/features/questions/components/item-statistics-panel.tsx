import { Alert, Badge, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { ITEM_FLAG_MIN_N, type StaffQuestion } from '@qbank/contract';
import { useItemStatistics } from '../api/questions';
import { formatTime } from '../lib/format';
import { formatDiscrimination, formatFacility, formatShare } from '../lib/item-stats';
import { ItemFlags } from './item-flags';

const LETTERS = 'ABCDEFGHIJ';

/** A figure and its name, side by side. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}

/**
 * How learners answered the question first: facility, discrimination, n, the flags, and each choice's share of
 * the top and bottom thirds by rest score (docs/item-statistics.md). For the question's staff and instructors.
 */
export function ItemStatisticsPanel({ question }: { question: StaffQuestion }) {
  const stats = useItemStatistics(question.uuid);
  const s = stats.data?.statistics;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="item-stats-heading">
      <Title order={2} size="h3" id="item-stats-heading" mb="sm">
        Item statistics
      </Title>
      {stats.isPending ? (
        <Skeleton height={80} aria-label="Loading the item statistics" />
      ) : stats.isError ? (
        <Text size="sm">The item statistics could not be loaded.</Text>
      ) : !s ? (
        <Text size="sm" c="dimmed">
          No learner has answered this question yet. Figures appear here within a few minutes of the first
          answers.
        </Text>
      ) : (
        <>
          <Group gap="xl" mb="sm">
            <Figure label="Facility (share right)" value={formatFacility(s.facility)} />
            <Figure label="Discrimination" value={formatDiscrimination(s.discrimination)} />
            <Figure label="Times answered first (n)" value={String(s.n)} />
          </Group>
          <ItemFlags flags={s.flags} />
          {s.n < ITEM_FLAG_MIN_N && (
            <Text size="sm" c="dimmed" mt="xs">
              Flags start at {ITEM_FLAG_MIN_N} first answers.
            </Text>
          )}
          {s.keyChoiceId && s.keyChoiceId !== question.correctAnswerChoice && (
            <Alert color="yellow" mt="sm" title="Scored against the published key">
              These figures score answers against the correct choice of the version learners get, which
              differs from this version's.
            </Alert>
          )}
          {s.groupSize > 0 ? (
            <Table.ScrollContainer minWidth={320} type="native" mt="sm">
              <Table verticalSpacing={4}>
                <Table.Caption>
                  Share of each third of learners (by their results on the rest of the bank, {s.groupSize}{' '}
                  each) who chose each choice first.
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Choice</Table.Th>
                    <Table.Th ta="right">Top third</Table.Th>
                    <Table.Th ta="right">Bottom third</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {question.answerChoices.map((c, i) => (
                    <Table.Tr key={c.uuid}>
                      <Table.Td>
                        {LETTERS[i]}
                        {c.uuid === s.keyChoiceId && (
                          <Badge ml="xs" size="sm" color="teal.9">
                            Key
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatShare(s.topShares[c.uuid])}</Table.Td>
                      <Table.Td ta="right">{formatShare(s.bottomShares[c.uuid])}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed" mt="sm">
              The top and bottom thirds need at least three learners who have answered other questions too.
            </Text>
          )}
          <Text size="xs" c="dimmed" mt="sm">
            Computed <time dateTime={s.computedAt}>{formatTime(s.computedAt)}</time> from first attempts.
          </Text>
        </>
      )}
    </Paper>
  );
}
