import { Stack, Title } from '@mantine/core';
import type { TestReview } from '@qbank/contract';
import { useMemo } from 'react';
import { useProductTree } from '../../catalogue/api/product-tree';
import { placesOf } from '../lib/tree-selection';
import { TextScale } from './font-size-control';
import { ReviewQuestionCard } from './review-question';
import { ReviewSummary } from './review-summary';

/**
 * A learner's completed test as their instructors read it: the same summary and questions (answers,
 * solutions, time, how others answered) as the learner's own review, without the learner's actions.
 */
export function StudentReview({ review, heading }: { review: TestReview; heading: string }) {
  const tree = useProductTree(review.productUuid);
  const places = useMemo(() => (tree.data ? placesOf(tree.data.productTree) : undefined), [tree.data]);
  return (
    <Stack gap="lg">
      <Title order={1}>{heading}</Title>
      <ReviewSummary review={review} readOnly />
      <Title order={2} size="h3">
        Questions
      </Title>
      <TextScale>
        <Stack gap="md">
          {review.questions.map((q) => (
            <ReviewQuestionCard
              key={q.uuid}
              q={q}
              place={q.subcategoryUuid ? places?.get(q.subcategoryUuid) : undefined}
              readOnly
            />
          ))}
        </Stack>
      </TextScale>
    </Stack>
  );
}
