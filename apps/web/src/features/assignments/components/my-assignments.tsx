import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MyAssignment } from '@qbank/contract';
import { Link, useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http';
import { useMyAssignments, useStartAttempt } from '../api/assignments';
import { STATE_COLORS, STATE_LABELS, when } from '../lib/format';

/** When it is due, in the student's words. */
function dueText(a: MyAssignment) {
  if (a.state === 'SCHEDULED') return `Opens ${when(a.opensAt)}, due ${when(a.closesAt)}`;
  if (a.state === 'OPEN') return `Due ${when(a.closesAt)}`;
  if (a.state === 'LATE') return `Was due ${when(a.closesAt)}; late attempts until ${when(a.lateUntil!)}`;
  return `Closed ${when(a.lateUntil ?? a.closesAt)}`;
}

/** One assignment of the learner's, with what they can do with it now: start, try again, resume, review. */
export function AssignmentRow({ a }: { a: MyAssignment }) {
  const navigate = useNavigate();
  const start = useStartAttempt();
  const left = a.attemptsAllowed - a.attemptsUsed;
  const error =
    start.error instanceof HttpError
      ? start.error.serverMessage
      : start.error
        ? 'The test could not start'
        : null;
  return (
    <Paper withBorder p="md" radius="md" component="li" style={{ listStyle: 'none' }} aria-label={a.name}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {a.name}
          </Text>
          <Text size="sm" c="gray.7">
            {dueText(a)}
          </Text>
          <Text size="sm" c="gray.7">
            {a.questionCount} {a.questionCount === 1 ? 'question' : 'questions'} ·{' '}
            {a.mode === 'TIMED' ? `Timed${a.timeLimitMinutes ? `, ${a.timeLimitMinutes} min` : ''}` : 'Tutor'}{' '}
            · {a.attemptsUsed} of {a.attemptsAllowed} {a.attemptsAllowed === 1 ? 'attempt' : 'attempts'} used
            {a.lastScorePercent !== null ? ` · last score ${a.lastScorePercent} %` : ''}
          </Text>
        </div>
        <Badge color={STATE_COLORS[a.state]}>{STATE_LABELS[a.state]}</Badge>
      </Group>
      <Group gap="xs" mt="sm">
        {a.openTestUuid ? (
          <Button
            size="compact-sm"
            component={Link}
            to={`/tests/${a.openTestUuid}/run`}
            aria-label={`Resume ${a.name}`}
          >
            Resume
          </Button>
        ) : (
          a.canStart && (
            <Button
              size="compact-sm"
              loading={start.isPending}
              aria-label={`${a.attemptsUsed === 0 ? 'Start' : 'Try again'}: ${a.name}`}
              onClick={() => start.mutate(a.uuid, { onSuccess: (t) => navigate(`/tests/${t.uuid}/run`) })}
            >
              {a.attemptsUsed === 0 ? 'Start' : `Try again (${left} left)`}
            </Button>
          )
        )}
        {a.lastTestUuid &&
          (a.reviewOpen ? (
            <Button
              size="compact-sm"
              variant="default"
              component={Link}
              to={`/tests/${a.lastTestUuid}/review`}
              aria-label={`Review ${a.name}`}
            >
              Review
            </Button>
          ) : (
            <Text size="sm" c="gray.7">
              {a.answersShown === 'NEVER' ? 'Answers are not shown.' : 'Answers are shown after it closes.'}
            </Text>
          ))}
      </Group>
      {error && (
        <Alert color="red" role="alert" mt="sm" p="xs">
          {error}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * The tests a learner's instructors assigned them in the product, soonest due first (docs/assignments.md): to
 * start, resume or review. Nothing is drawn when none is assigned (most learners of public banks); `closed`:
 * closed ones too (My Tests), else only those still to do or just done (the dashboard).
 */
export function MyAssignments({ productId, closed = false }: { productId: string; closed?: boolean }) {
  const list = useMyAssignments(productId);
  if (list.isPending)
    return (
      <Stack role="status" aria-label="Loading your assignments" gap="xs">
        <Skeleton height={24} width={200} />
        <Skeleton height={80} />
      </Stack>
    );
  if (list.isError)
    return (
      <Alert color="red" role="alert" title="Your assignments could not be loaded">
        <Button mt="xs" size="compact-sm" variant="default" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  const shown = list.data.content.filter((a) => closed || a.state !== 'CLOSED');
  if (shown.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="assigned-title">
      <Title order={2} size="h3" id="assigned-title">
        Assigned to you
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0}>
        {shown.map((a) => (
          <AssignmentRow key={a.uuid} a={a} />
        ))}
      </Stack>
    </Stack>
  );
}
