import { Button, Group, Paper, RingProgress, Stack, Text } from '@mantine/core';
import type { TestReview } from '@qbank/contract';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { HttpError } from '../../../lib/http';
import { useCreateTest } from '../api/tests';
import { formatDuration } from '../lib/clock';
import { incorrectTestInput } from '../lib/review';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The score, what it is made of, where it stands among the QBank's tests, and a retake of what was wrong. */
export function ReviewSummary({ review }: { review: TestReview }) {
  const navigate = useNavigate();
  const possible = incorrectTestInput(review, '') !== null;
  const create = useCreateTest();
  const retake = () => {
    const input = incorrectTestInput(review, crypto.randomUUID());
    if (!input) return;
    create.mutate(input, {
      onSuccess: (created) => navigate(`/tests/${created.uuid}/run`),
      onError: (e) => {
        // Another test is open in this QBank (SPEC §8 startTestFailed).
        if (e instanceof HttpError && e.statusCode === 409) navigate('/error?msgId=startTestFailed');
        else notifyError('The test was not created', e);
      },
    });
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group gap="xl" align="center">
        <RingProgress
          size={120}
          thickness={12}
          // A round cap would draw a dot for a score of 0.
          roundCaps={review.scorePercent > 0}
          sections={[{ value: review.scorePercent, color: 'teal.9' }]}
          label={
            <Text ta="center" fw={700} fz="xl">
              {review.scorePercent}%
            </Text>
          }
          role="img"
          aria-label={`Score ${review.scorePercent}%`}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
          <Text fz="lg" fw={700}>
            {review.correct} correct · {review.answered} answered · {review.numQuestions} question
            {review.numQuestions === 1 ? '' : 's'}
          </Text>
          <Text>Better than {review.percentile}% of tests in this QBank</Text>
          <Text size="sm" c="dimmed">
            {review.mode === 'TUTOR' ? 'Tutor mode' : 'Timed mode'} · time used{' '}
            {formatDuration(review.timeUsedSeconds)} · finished{' '}
            <time dateTime={review.finishedAt}>{when(review.finishedAt)}</time>
          </Text>
        </Stack>
      </Group>
      <Group mt="md" gap="sm">
        <Button
          onClick={retake}
          loading={create.isPending}
          disabled={!possible}
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal' } }}
        >
          Create a test from my incorrect answers
        </Button>
        {!possible && (
          <Text size="sm" c="dimmed">
            No incorrect answers to practise again.
          </Text>
        )}
      </Group>
    </Paper>
  );
}
