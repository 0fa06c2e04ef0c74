import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { AssignmentResults } from '@qbank/contract';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import { Link, useNavigate, useParams } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { PageTitle } from '../../../components/page-title';
import { resultsExportUrl, useAssignmentResults, useDeleteAssignment } from '../api/assignments';
import { ANSWERS_LABELS, STATE_COLORS, STATE_LABELS, when } from '../lib/format';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);
const num = (x: number | null, d = 2) => (x === null ? '—' : x.toFixed(d));
const minutes = (s: number | null) => (s === null ? '—' : `${Math.round(s / 60)} min`);

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="gray.7">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** Scores in ten bands, as bars; each bar's words are its text for screen readers. */
function Histogram({ bands, completed }: { bands: AssignmentResults['histogram']; completed: number }) {
  const most = Math.max(1, ...bands.map((b) => b.count));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="histogram-title">
      <Title order={2} size="h4" id="histogram-title">
        Scores
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {completed === 0 ? 'No one has finished yet.' : 'First attempts by score, in bands of ten.'}
      </Text>
      <Group
        component="ol"
        gap={4}
        align="flex-end"
        wrap="nowrap"
        p={0}
        m={0}
        h={120}
        aria-label="Students per score band"
        style={{ listStyle: 'none' }}
      >
        {bands.map((b) => {
          const label = `${b.from}–${b.to} %: ${b.count} ${b.count === 1 ? 'student' : 'students'}`;
          return (
            <Stack
              key={b.from}
              component="li"
              gap={2}
              justify="flex-end"
              align="center"
              h="100%"
              style={{ flex: 1, minWidth: 0, position: 'relative' }}
              title={label}
            >
              <Text size="xs" c="gray.7" aria-hidden>
                {b.count > 0 ? b.count : ''}
              </Text>
              <div
                style={{
                  width: '100%',
                  height: `${Math.max(2, (b.count / most) * 80)}px`,
                  background:
                    b.count > 0 ? 'var(--mantine-color-brand-7, #1c5d99)' : 'var(--mantine-color-gray-3)',
                  borderRadius: 3,
                }}
              />
              <Text size="xs" c="gray.7" aria-hidden>
                {b.from}
              </Text>
              <span style={visuallyHidden}>{label}</span>
            </Stack>
          );
        })}
      </Group>
    </Paper>
  );
}

function QuestionsTable({ r }: { r: AssignmentResults }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="questions-title">
      <Title order={2} size="h4" id="questions-title">
        Questions
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        From each student's first attempt. Facility: the share right. Discrimination: how well the question
        separates stronger from weaker students (below 0.1 is weak). Each choice shows how many chose it; the
        key is marked ✓.
      </Text>
      {r.questions.length === 0 ? (
        <Text size="sm">Figures appear as students finish.</Text>
      ) : (
        // Focusable, so a keyboard can scroll it sideways on a narrow screen (it holds no link of its own).
        <div
          style={{ overflowX: 'auto', maxWidth: '100%' }}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          role="region"
          aria-label="Questions, scrolls sideways"
        >
          <Table striped verticalSpacing="xs" aria-labelledby="questions-title" miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">#</Table.Th>
                <Table.Th scope="col">Question</Table.Th>
                <Table.Th scope="col">Answered</Table.Th>
                <Table.Th scope="col">Facility</Table.Th>
                <Table.Th scope="col">Discrimination</Table.Th>
                <Table.Th scope="col">Choices</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.questions.map((q, i) => (
                <Table.Tr key={q.uuid}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td style={{ maxWidth: 320 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {q.name ? <strong>{q.name}: </strong> : null}
                      {q.stemText}
                    </Text>
                  </Table.Td>
                  <Table.Td>{q.answered}</Table.Td>
                  <Table.Td>{pct(q.facility)}</Table.Td>
                  <Table.Td>
                    {num(q.discrimination)}
                    {q.discrimination !== null && q.discrimination < 0.1 && (
                      <Badge ml={4} size="sm" color="red.9">
                        Weak
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack
                      gap={0}
                      component="ul"
                      p={0}
                      m={0}
                      style={{ listStyle: 'none', position: 'relative' }}
                    >
                      {q.choices.map((c, k) => (
                        <Text key={c.uuid} size="sm" component="li">
                          {String.fromCharCode(65 + k)}. {c.count}
                          {c.correct ? ' ✓' : ''}
                          <span style={visuallyHidden}>{c.correct ? ' (the key)' : ''}</span>
                        </Text>
                      ))}
                      {q.blank > 0 && (
                        <Text size="sm" component="li" c="gray.7">
                          Blank: {q.blank}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}

const STATUS_LABELS = { NOT_STARTED: 'Not started', IN_PROGRESS: 'In progress', COMPLETED: 'Done' } as const;

function StudentsTable({ r }: { r: AssignmentResults }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="students-title">
      <Title order={2} size="h4" id="students-title" mb="sm">
        Students
      </Title>
      {r.students.length === 0 ? (
        <Text size="sm">No student is in its cohorts yet.</Text>
      ) : (
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table striped verticalSpacing="xs" aria-labelledby="students-title" miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Student</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Attempts</Table.Th>
                <Table.Th scope="col">Score</Table.Th>
                <Table.Th scope="col">Best</Table.Th>
                <Table.Th scope="col">Time</Table.Th>
                <Table.Th scope="col">Finished</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.students.map((s) => (
                <Table.Tr key={s.userUuid}>
                  <Table.Th scope="row" fw={400}>
                    <Anchor component={Link} to={`/roster/${s.userUuid}`} size="sm">
                      {s.firstName} {s.lastName}
                    </Anchor>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {s.emailAddress}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    {STATUS_LABELS[s.status]}
                    {s.late && (
                      <Badge ml={4} size="sm" color="grape.9">
                        Late
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{s.attempts}</Table.Td>
                  <Table.Td>
                    {s.scorePercent === null ? (
                      '—'
                    ) : s.testUuid ? (
                      <Anchor
                        component={Link}
                        to={`/roster/${s.userUuid}/tests/${s.testUuid}`}
                        size="sm"
                        aria-label={`${s.scorePercent} %: review ${s.firstName} ${s.lastName}'s attempt`}
                      >
                        {s.scorePercent} %
                      </Anchor>
                    ) : (
                      `${s.scorePercent} %`
                    )}
                  </Table.Td>
                  <Table.Td>{s.bestScorePercent === null ? '—' : `${s.bestScorePercent} %`}</Table.Td>
                  <Table.Td>{minutes(s.timeUsedSeconds)}</Table.Td>
                  <Table.Td>{s.finishedAt ? when(s.finishedAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}

function Results({ r }: { r: AssignmentResults }) {
  const a = r.assignment;
  const navigate = useNavigate();
  const withdraw = useDeleteAssignment();
  const untouched = r.completed === 0 && r.inProgress === 0 && r.students.every((s) => s.attempts === 0);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {a.name}
          </Title>
          <Text size="sm" c="gray.7">
            {a.templateName} version {a.templateVersion} · {a.questionCount}{' '}
            {a.questionCount === 1 ? 'question' : 'questions'} · {a.mode === 'TIMED' ? 'Timed' : 'Tutor'} ·{' '}
            {a.attemptsAllowed} {a.attemptsAllowed === 1 ? 'attempt' : 'attempts'} · answers{' '}
            {ANSWERS_LABELS[a.answersShown].toLowerCase()}
          </Text>
          <Text size="sm" c="gray.7">
            {when(a.opensAt)} – {when(a.closesAt)}
            {a.lateUntil ? `, late until ${when(a.lateUntil)}` : ''}
          </Text>
        </div>
        <Badge color={STATE_COLORS[a.state]}>{STATE_LABELS[a.state]}</Badge>
      </Group>
      <Group gap="xs">
        <Button variant="default" component={Link} to={`/assignments/${a.uuid}/edit`}>
          Change
        </Button>
        <Menu position="bottom-start" withinPortal={false} withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Each student's result, as</Menu.Label>
            <Menu.Item component="a" href={resultsExportUrl(a.uuid, 'csv')} download>
              CSV (.csv)
            </Menu.Item>
            <Menu.Item component="a" href={resultsExportUrl(a.uuid, 'xlsx')} download>
              Excel (.xlsx)
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {untouched && (
          <Button
            variant="default"
            color="red"
            loading={withdraw.isPending}
            onClick={() => {
              if (!window.confirm(`Withdraw "${a.name}"? Its students will no longer see it.`)) return;
              withdraw.mutate(a.uuid, {
                onSuccess: () => navigate('/assignments'),
                onError: (e) => notifyError('The assignment could not be withdrawn', e),
              });
            }}
          >
            Withdraw
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        <Figure label="Done" value={`${r.completed} of ${r.assigned}`} hint={`${r.inProgress} in progress`} />
        <Figure label="Mean score" value={r.meanScore === null ? '—' : `${r.meanScore} %`} />
        <Figure label="Median" value={r.medianScore === null ? '—' : `${r.medianScore} %`} />
        <Figure label="Standard deviation" value={num(r.standardDeviation, 1)} />
        <Figure label="Reliability (KR-20)" value={num(r.reliability)} />
        <Figure
          label="Mean time"
          value={minutes(r.meanTimeSeconds)}
          hint={r.passed === null ? undefined : `${r.passed} passed`}
        />
      </SimpleGrid>
      <Histogram bands={r.histogram} completed={r.completed} />
      <QuestionsTable r={r} />
      <StudentsTable r={r} />
    </Stack>
  );
}

/** /assignments/:id: how the class did, refreshed while open. */
export function AssignmentResultsPage() {
  const { id = '' } = useParams();
  const results = useAssignmentResults(id);
  return (
    <Container size="lg" py="xl">
      <PageTitle name={results.data ? results.data.assignment.name : 'Assignment results'} />
      {results.data ? (
        <Results r={results.data} />
      ) : results.isPending ? (
        <Stack role="status" aria-label="Loading the results" gap="md">
          <Skeleton height={36} width="40%" />
          <Skeleton height={90} />
          <Skeleton height={160} />
          <Skeleton height={300} />
        </Stack>
      ) : (
        <Alert color="red" role="alert" title="The results could not be loaded">
          <Text size="sm">This assignment does not exist, or the connection failed.</Text>
          <Group mt="sm">
            <Button variant="default" onClick={() => void results.refetch()}>
              Retry
            </Button>
            <Button variant="default" component={Link} to="/assignments">
              Assignments
            </Button>
          </Group>
        </Alert>
      )}
    </Container>
  );
}
