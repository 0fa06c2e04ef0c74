import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  activeSubscription,
  percentOf,
  type RosterStudent,
  type StudentAccessAction,
  type StudentDetail,
} from '@qbank/contract';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { TestStatusBadge } from '../../../components/test-status-badge';
import { formatTime, scoreLabel, testName } from '../../../lib/test-summary';
import { useAuth } from '../../accounts/api/auth';
import { StudentAssignments } from '../../assignments';
import { useStudent } from '../api/students';
import { AccessDialog } from '../components/access-dialog';
import { ActivityChart } from '../components/activity-chart';
import { ACCESS_BADGES, cohortNames, formatDay, lastActive, PLAN_LABELS, studentName } from '../lib/format';

/** A group's percent correct in a subject ("—" when none of it answered there). */
function groupPercent(figures: StudentDetail['comparison']['bank'], subjectId: string): string {
  const f = figures.find((x) => x.uuid === subjectId);
  return f && f.answered > 0 ? `${percentOf(f.correct, f.answered)}%` : '—';
}

/** A figure in a card: its name above, its value large. */
function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      {note && (
        <Text size="sm" c="gray.7">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** Suspend or remove the student, or restore them: each asks first (AccessDialog). */
function AccessActions({ productId, student: s }: { productId: string; student: RosterStudent }) {
  const [action, setAction] = useState<StudentAccessAction | null>(null);
  const [announce, setAnnounce] = useState('');
  const held = s.access === 'SUSPENDED' || s.access === 'REMOVED';
  return (
    <Group gap="sm">
      {held ? (
        <Button variant="default" onClick={() => setAction('RESTORE')}>
          Restore access
        </Button>
      ) : (
        <>
          <Button variant="default" onClick={() => setAction('SUSPEND')}>
            Suspend
          </Button>
          <Button variant="default" color="red.9" onClick={() => setAction('REMOVE')}>
            Remove from QBank
          </Button>
        </>
      )}
      <Text size="sm" role="status" aria-live="polite">
        {announce}
      </Text>
      <AccessDialog
        productId={productId}
        action={action}
        userUuids={[s.userUuid]}
        names={studentName(s)}
        onClose={() => setAction(null)}
        onDone={setAnnounce}
      />
    </Group>
  );
}

function StudentView({ detail, productId }: { detail: StudentDetail; productId: string }) {
  const { student: s, standing } = detail;
  const tests = [...(standing.openTest ? [standing.openTest] : []), ...standing.recentTests].filter(
    (t, i, all) => all.findIndex((x) => x.uuid === t.uuid) === i,
  );
  return (
    <Stack gap="lg">
      <div>
        <Group gap="xs" align="center">
          <Title order={1}>{studentName(s)}</Title>
          <Badge color={s.plan === 'BASIC' ? 'gray.7' : 'teal.9'}>{PLAN_LABELS[s.plan]}</Badge>
          {ACCESS_BADGES[s.access] && <Badge color="red.9">{ACCESS_BADGES[s.access]}</Badge>}
        </Group>
        <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {s.emailAddress}
        </Text>
        <Text size="sm" c="gray.7">
          Joined {formatDay(s.joinedAt)} · Last active {lastActive(s)} · Cohorts: {cohortNames(s)}
        </Text>
      </div>
      <AccessActions productId={productId} student={s} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          label="Questions used"
          value={`${standing.usedQuestions} of ${standing.totalQuestions}`}
          note={s.plan === 'BASIC' ? 'Of the free sample' : undefined}
        />
        <Figure
          label="Percent correct"
          value={standing.percentCorrect === null ? '—' : `${standing.percentCorrect}%`}
          note={
            standing.averagePercentCorrect === null
              ? 'No learner has answered yet'
              : `All learners: ${standing.averagePercentCorrect}%`
          }
        />
        <Figure label="Tests taken" value={String(s.testsTaken)} />
      </SimpleGrid>
      <ActivityChart activity={detail.activity} />
      <StudentAssignments productId={productId} userId={s.userUuid} />
      <Paper withBorder p="md" component="section" aria-labelledby="student-subjects">
        <Title order={2} size="h4" id="student-subjects" mb="sm">
          By subject
        </Title>
        <Text size="sm" c="gray.7" mb="xs">
          Percent correct of their latest answers, beside their cohorts' and all students'.
        </Text>
        {standing.bySubject.length === 0 ? (
          <Text size="sm" c="gray.7">
            Nothing answered yet.
          </Text>
        ) : (
          <Table.ScrollContainer
            minWidth={320}
            type="native"
            tabIndex={0}
            aria-label="By subject, scrolls sideways"
            role="region"
          >
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th ta="right">Answered</Table.Th>
                  <Table.Th ta="right">Correct</Table.Th>
                  {detail.comparison.cohorts.map((c) => (
                    <Table.Th key={c.uuid} ta="right">
                      {c.name}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">All students</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {standing.bySubject.map((n) => (
                  <Table.Tr key={n.uuid}>
                    <Table.Td>{n.name}</Table.Td>
                    <Table.Td ta="right">{n.answered}</Table.Td>
                    <Table.Td ta="right">{percentOf(n.correct, n.answered)}%</Table.Td>
                    {detail.comparison.cohorts.map((c) => (
                      <Table.Td key={c.uuid} ta="right">
                        {groupPercent(c.bySubject, n.uuid)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">{groupPercent(detail.comparison.bank, n.uuid)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="student-tests">
        <Title order={2} size="h4" id="student-tests" mb="sm">
          Recent tests
        </Title>
        {tests.length === 0 ? (
          <Text size="sm" c="gray.7">
            No tests yet.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {tests.map((t) => (
              <Group component="li" key={t.uuid} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  {t.status === 'COMPLETED' ? (
                    <Anchor
                      component={Link}
                      to={`/roster/${s.userUuid}/tests/${t.uuid}`}
                      fw={600}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {testName(t)}
                    </Anchor>
                  ) : (
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {testName(t)}
                    </Text>
                  )}
                  <Text size="xs" c="gray.7">
                    <time dateTime={t.createdAt}>{formatTime(t.createdAt)}</time> · Score {scoreLabel(t)}
                  </Text>
                </div>
                {t.status !== 'COMPLETED' && <TestStatusBadge status={t.status} />}
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** /roster/:userId: one student of the active QBank, as their instructors follow them. */
export function StudentPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const productId = active?.product.uuid ?? '';
  const { userId = '' } = useParams();
  const detail = useStudent(productId, userId);
  return (
    <Container size="lg" py="xl">
      <PageTitle name={detail.data ? studentName(detail.data.student) : 'Student'} />
      <Stack gap="md">
        <Anchor component={Link} to="/roster" size="sm" style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Students
          </Group>
        </Anchor>
        <QueryState
          query={detail}
          label="Loading the student"
          errorTitle="This student could not be loaded"
          errorText="They may not be a student of this QBank. Go back to Students and try again."
        >
          {(d) => <StudentView detail={d} productId={productId} />}
        </QueryState>
      </Stack>
    </Container>
  );
}
