import { Alert, Anchor, Container, Group, Skeleton, Stack } from '@mantine/core';
import { activeSubscription, rosterApi } from '@qbank/contract';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { call } from '../../../lib/http';
import { testName } from '../../../lib/test-summary';
import { useAuth } from '../../accounts/api/auth';
import { StudentReview } from '../../exams';
import { rosterKeys } from '../api/students';

/** /roster/:userId/tests/:testId: one of a student's finished tests, as its review shows it, read-only. */
export function StudentReviewPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const productId = active?.product.uuid ?? '';
  const { userId = '', testId = '' } = useParams();
  const review = useQuery({
    queryKey: [...rosterKeys.student(productId, userId), 'review', testId],
    queryFn: () => call(rosterApi.studentTestReview, { params: { id: productId, userId, testId } }),
    enabled: productId !== '',
  });
  return (
    <Container size="lg" py="xl">
      <PageTitle name={review.data ? testName(review.data) : 'Test review'} />
      <Stack gap="md">
        <Anchor component={Link} to={`/roster/${userId}`} size="sm" style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            The student
          </Group>
        </Anchor>
        {review.isPending ? (
          <Stack role="status" aria-label="Loading the review" gap="md">
            <Skeleton height={36} width="40%" />
            <Skeleton height={150} />
            <Skeleton height={300} />
          </Stack>
        ) : review.isError ? (
          <Alert color="red" role="alert" title="This review could not be loaded">
            The test may not be finished yet, or not this student's. Go back and choose another.
          </Alert>
        ) : (
          <StudentReview review={review.data} heading={`Review: ${testName(review.data)}`} />
        )}
      </Stack>
    </Container>
  );
}
