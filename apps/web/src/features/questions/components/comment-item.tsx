import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { QuestionComment } from '@qbank/contract';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import { notifyError } from '../../../components/notify-error';
import { useResolveReport } from '../api/problem-reports';
import { formatTime, personName } from '../lib/format';

/**
 * One comment of the review thread. A learner's problem report says so instead of naming its learner (decision
 * 0029), and carries Resolve until a staff member resolves it; then it says who did and when.
 */
export function CommentItem({ c, questionId }: { c: QuestionComment; questionId: string }) {
  const resolve = useResolveReport(questionId);
  const report = c.kind === 'PROBLEM_REPORT';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-label={report ? `Problem reported by a learner${c.resolvedAt ? ', resolved' : ''}` : undefined}
      style={
        report && !c.resolvedAt ? { borderColor: 'var(--mantine-color-red-9)', borderWidth: 2 } : undefined
      }
    >
      <Group gap={6} wrap="wrap">
        {report ? (
          <Badge color={c.resolvedAt ? 'gray.7' : 'red.9'} variant="filled">
            {c.resolvedAt ? 'Learner report · resolved' : 'Learner report'}
          </Badge>
        ) : (
          <Text fw={600} size="sm">
            {c.author ? personName(c.author) : 'Unknown'}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          <time dateTime={c.createdAt}>{formatTime(c.createdAt)}</time> · on version {c.versionNumber}
        </Text>
      </Group>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {c.body}
      </Text>
      {report && c.resolvedAt && (
        <Text size="sm" c="dimmed" mt={4}>
          Resolved{c.resolvedBy ? ` by ${personName(c.resolvedBy)}` : ''} on{' '}
          <time dateTime={c.resolvedAt}>{formatTime(c.resolvedAt)}</time>
        </Text>
      )}
      {report && !c.resolvedAt && (
        <Button
          mt="xs"
          size="xs"
          variant="default"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={resolve.isPending}
          onClick={() =>
            resolve.mutate(c.uuid, {
              onError: (e) => notifyError('The report was not marked resolved', e),
            })
          }
        >
          Resolve
        </Button>
      )}
    </Paper>
  );
}
