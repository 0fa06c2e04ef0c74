import { Button, Group, Paper, RingProgress, Stack, Text } from '@mantine/core';
import type { TestReview } from '@qbank/contract';
import { Link } from 'react-router';
import { formatTime as when } from '../../../lib/time-zone';
import { formatDuration } from '../lib/clock';
import { incorrectTestLink } from '../lib/review';

/** A long label wraps on a phone instead of overflowing the button. */
const RETAKE_STYLE = { h: 'auto', mih: 36, py: 6, styles: { label: { whiteSpace: 'normal' as const } } };

/** The score, what it is made of, where it stands among the QBank's tests, and a retake of what was wrong. */
export function ReviewSummary({ review, readOnly = false }: { review: TestReview; readOnly?: boolean }) {
  // Start Test with the choice made, for the learner to look over (a mode, a name, a time) and start.
  const retake = incorrectTestLink(review);
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
          {/* A test with nothing answered stands nowhere among the others. */}
          {review.answered === 0 ? (
            <Text>Nothing was answered in this test.</Text>
          ) : (
            <Text>Better than {review.percentile}% of tests in this QBank</Text>
          )}
          <Text size="sm" c="dimmed">
            {review.mode === 'TUTOR' ? 'Tutor mode' : 'Timed mode'} · time used{' '}
            {formatDuration(review.timeUsedSeconds)} · finished{' '}
            <time dateTime={review.finishedAt}>{when(review.finishedAt)}</time>
          </Text>
        </Stack>
      </Group>
      {!readOnly && (
        <Group mt="md" gap="sm">
          {retake ? (
            <Button component={Link} to={retake} {...RETAKE_STYLE}>
              Create a test from my incorrect answers
            </Button>
          ) : (
            <Button disabled {...RETAKE_STYLE}>
              Create a test from my incorrect answers
            </Button>
          )}
          {!retake && (
            <Text size="sm" c="dimmed">
              No incorrect answers to practise again.
            </Text>
          )}
        </Group>
      )}
    </Paper>
  );
}
