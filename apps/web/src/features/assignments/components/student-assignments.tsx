import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { assignmentsApi } from '@qbank/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../../lib/http';
import { STATE_LABELS, when } from '../lib/format';

const STATUS = { NOT_STARTED: 'Not started', IN_PROGRESS: 'In progress', COMPLETED: 'Done' } as const;

/** A student's assignments with where each stands for them, on their page of the Students screen. */
export function StudentAssignments({ productId, userId }: { productId: string; userId: string }) {
  const list = useQuery({
    queryKey: ['assignments', 'student', productId, userId],
    queryFn: () => call(assignmentsApi.studentAssignments, { params: { id: productId, userId } }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="student-assignments">
      <Title order={2} size="h4" id="student-assignments" mb="sm">
        Assignments
      </Title>
      {list.isPending ? (
        <Skeleton height={48} role="status" aria-label="Loading the assignments" />
      ) : list.isError ? (
        <Text size="sm" c="red.9" role="alert">
          The assignments could not be loaded.
        </Text>
      ) : list.data.content.length === 0 ? (
        <Text size="sm" c="gray.7">
          Nothing assigned to this student.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.content.map((a) => (
            <Group component="li" key={a.uuid} justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={`/assignments/${a.uuid}`}
                  fw={600}
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {a.name}
                </Anchor>
                <Text size="xs" c="gray.7">
                  Due {when(a.closesAt)} · {STATE_LABELS[a.state]} · {a.attempts} of {a.attemptsAllowed}{' '}
                  {a.attemptsAllowed === 1 ? 'attempt' : 'attempts'}
                  {a.scorePercent !== null && (
                    <>
                      {' · '}
                      <Anchor
                        component={Link}
                        to={`/roster/${userId}/tests/${a.testUuid}`}
                        size="xs"
                        underline="always"
                      >
                        Score {a.scorePercent} %
                      </Anchor>
                      {a.bestScorePercent !== a.scorePercent ? ` (best ${a.bestScorePercent} %)` : ''}
                    </>
                  )}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                {a.late && <Badge color="grape.9">Late</Badge>}
                <Badge color={a.status === 'COMPLETED' ? 'teal.9' : 'gray.7'}>{STATUS[a.status]}</Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
