import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ASSIGNMENT_PAGE_SIZE, type Assignment, activeSubscription } from '@qbank/contract';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../accounts/api/auth';
import { useAssignments } from '../api/assignments';
import { ANSWERS_LABELS, STATE_COLORS, STATE_LABELS, when } from '../lib/format';

const whoOf = (a: Assignment) => {
  const parts = [
    ...a.cohorts.map((c) => c.name),
    ...(a.students.length
      ? [`${a.students.length} ${a.students.length === 1 ? 'student' : 'students'} by name`]
      : []),
  ];
  return parts.join(', ');
};

function AssignmentCard({ a }: { a: Assignment }) {
  return (
    <Paper withBorder p="md" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/assignments/${a.uuid}`}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {a.name}
          </Anchor>
          <Text size="sm" c="gray.7">
            {a.questionCount} {a.questionCount === 1 ? 'question' : 'questions'} ·{' '}
            {a.mode === 'TIMED' ? 'Timed' : 'Tutor'} · {a.templateName} version {a.templateVersion}
          </Text>
          <Text size="sm" c="gray.7">
            {when(a.opensAt)} – {when(a.closesAt)}
            {a.lateUntil ? ` (late until ${when(a.lateUntil)})` : ''} · answers{' '}
            {ANSWERS_LABELS[a.answersShown].toLowerCase()}
          </Text>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            For {whoOf(a)}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Badge color={STATE_COLORS[a.state]}>{STATE_LABELS[a.state]}</Badge>
          <Text size="sm" fw={600}>
            {a.completed} of {a.assigned} done
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" mt="sm">
        <Button
          size="compact-sm"
          variant="default"
          component={Link}
          to={`/assignments/${a.uuid}`}
          aria-label={`Results of ${a.name}`}
        >
          Results
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          component={Link}
          to={`/assignments/${a.uuid}/edit`}
          aria-label={`Change ${a.name}`}
        >
          Change
        </Button>
      </Group>
    </Paper>
  );
}

/** /assignments: the product's assignments, the latest close first, with how many finished. */
export function AssignmentsPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const productId = active?.product.uuid ?? '';
  const [page, setPage] = useState(1);
  const list = useAssignments(productId, { page: page - 1, size: ASSIGNMENT_PAGE_SIZE });
  if (!active) return null;
  return (
    <Container size="lg" py="xl">
      <PageTitle name="Assignments" />
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <div>
            <Title order={1}>Assignments</Title>
            <Text c="dimmed" size="sm">
              {active.product.name}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" component={Link} to="/test-templates">
              Test Bank
            </Button>
            <Button component={Link} to="/assignments/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New assignment
            </Button>
          </Group>
        </Group>
        <QueryState
          query={list}
          label="Loading assignments"
          errorTitle="The assignments could not be loaded"
          errorText="Check your connection and try again."
          empty={{
            when: (p) => p.content.length === 0,
            title: 'No assignment yet',
            message: 'Give a test of the Test Bank to cohorts or students, with dates, with New assignment.',
          }}
        >
          {(p) => (
            <Stack gap="sm">
              <Stack component="ul" gap="sm" p={0} m={0} aria-label="Assignments">
                {p.content.map((a) => (
                  <AssignmentCard key={a.uuid} a={a} />
                ))}
              </Stack>
              {p.totalPages > 1 && (
                <Pagination
                  total={p.totalPages}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                />
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
