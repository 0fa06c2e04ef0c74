import {
  Button,
  Card,
  Container,
  em,
  Grid,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ANSWERS_AFTER_CLOSE_MESSAGE, ANSWERS_NEVER_MESSAGE, type TestReview } from '@qbank/contract';
import IconLayoutGrid from '@tabler/icons-react/dist/esm/icons/IconLayoutGrid.mjs';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http';
import { useProductTree } from '../../catalogue/api/product-tree';
import { testReviewQuery, testRunQuery } from '../api/tests';
import { ExamToolbar } from '../components/exam-toolbar';
import { TextScale } from '../components/font-size-control';
import { ReviewQuestionCard, reviewAnchor } from '../components/review-question';
import { ReviewSummary } from '../components/review-summary';
import {
  NavigatorColumn,
  NavigatorDrawer,
  type NavigatorItem,
  QuestionNavigator,
} from '../components/run-navigator';
import {
  FILTER_LABELS,
  filterCounts,
  filterOf,
  matchesFilter,
  REVIEW_FILTERS,
  type ReviewFilter,
} from '../lib/review';
import { placesOf } from '../lib/tree-selection';

const TITLE = 'Test review';

function navigatorItems(review: TestReview): NavigatorItem[] {
  return review.questions.map((q) => {
    const verdict = q.selectedChoice === null ? 'unanswered' : q.correct ? 'correct' : 'incorrect';
    return {
      answered: q.selectedChoice !== null,
      flagged: q.flagged,
      verdict,
      states: [verdict, ...(q.flagged ? ['flagged'] : [])],
    };
  });
}

function Review({ review }: { review: TestReview }) {
  const [params, setParams] = useSearchParams();
  // Each question says where it sits in the bank's tree (the tree loads beside the review; until then, and
  // for a node deleted since, the place is left out).
  const tree = useProductTree(review.productUuid);
  const places = useMemo(() => (tree.data ? placesOf(tree.data.productTree) : null), [tree.data]);
  const filter = filterOf(params.get('filter'));
  const [navOpen, setNavOpen] = useState(false);
  // Four filters with their counts do not fit side by side on a phone.
  const narrow = useMediaQuery(`(max-width: ${em(575.98)})`);
  const counts = filterCounts(review.questions);
  const shown = review.questions.filter((q) => matchesFilter(q, filter));
  const setFilter = (f: ReviewFilter) =>
    setParams(
      (p) => {
        if (f === 'all') p.delete('filter');
        else p.set('filter', f);
        return p;
      },
      { replace: true },
    );
  const go = (position: number) => {
    setNavOpen(false);
    const q = review.questions[position];
    if (q && !matchesFilter(q, filter)) setFilter('all');
    // After the list shows it (a filter change renders first).
    setTimeout(() => {
      const heading = document.getElementById(`${reviewAnchor(position)}-heading`);
      heading?.scrollIntoView({ block: 'start' });
      heading?.focus({ preventScroll: true });
    }, 0);
  };
  const navigator = (
    <QuestionNavigator
      items={navigatorItems(review)}
      current={null}
      onGo={go}
      summary={`${review.correct} correct of ${review.numQuestions}`}
      legend={[
        { label: 'Correct', verdict: 'correct' },
        { label: 'Incorrect', verdict: 'incorrect' },
      ]}
    />
  );

  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <PageTitle name={`${review.name || 'Test'} | ${TITLE}`} />
      <Stack gap="lg">
        <div>
          <Text size="sm" c="dimmed">
            Test review
          </Text>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {review.name || 'Test'}
          </Title>
        </div>
        <ReviewSummary review={review} />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Group justify="space-between" align="flex-end" gap="sm">
                <Title order={2} size="h3" id="review-questions-heading">
                  Questions
                </Title>
                <Button
                  hiddenFrom="md"
                  variant="default"
                  size="xs"
                  leftSection={<IconLayoutGrid size={14} aria-hidden />}
                  onClick={() => setNavOpen(true)}
                >
                  Jump to a question
                </Button>
              </Group>
              <ExamToolbar productUuid={review.productUuid} />
              <SegmentedControl
                aria-label="Show"
                fullWidth
                orientation={narrow ? 'vertical' : 'horizontal'}
                value={filter}
                onChange={(v) => setFilter(v as ReviewFilter)}
                data={REVIEW_FILTERS.map((f) => ({
                  value: f,
                  label: `${FILTER_LABELS[f]} (${counts[f]})`,
                }))}
                styles={{ label: { paddingInline: 4 } }}
              />
              {shown.length === 0 ? (
                <Card withBorder p="lg">
                  <Text>No {FILTER_LABELS[filter].toLowerCase()} questions in this test.</Text>
                </Card>
              ) : (
                <TextScale>
                  <Stack gap="md">
                    {shown.map((q) => (
                      <ReviewQuestionCard
                        key={q.uuid}
                        q={q}
                        place={q.subcategoryUuid ? places?.get(q.subcategoryUuid) : undefined}
                      />
                    ))}
                  </Stack>
                </TextScale>
              )}
            </Stack>
          </Grid.Col>
          <NavigatorColumn>{navigator}</NavigatorColumn>
        </Grid>
      </Stack>
      <NavigatorDrawer opened={navOpen} onClose={() => setNavOpen(false)}>
        {navigator}
      </NavigatorDrawer>
    </Container>
  );
}

/** A review that failed: no such test, a test not finished yet (resume it), or the connection. */
function ReviewError({ id, error, retry }: { id: string; error: unknown; retry: () => void }) {
  const refused = error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500;
  // An assignment's attempt whose answers its instructors hold back (docs/assignments.md).
  const held =
    error instanceof HttpError &&
    error.statusCode === 403 &&
    (error.serverMessage === ANSWERS_AFTER_CLOSE_MESSAGE || error.serverMessage === ANSWERS_NEVER_MESSAGE);
  // A test still open cannot be reviewed: its run says so, and where to resume it.
  const run = useQuery({ ...testRunQuery(id), enabled: refused && !held, gcTime: 0 });
  const open = run.data && run.data.status !== 'COMPLETED';
  if (refused && !held && run.isPending)
    return <Skeleton height={120} role="status" aria-label="Loading the test" />;
  const [title, text] = held
    ? ['Your test is submitted', `${error.serverMessage}. Your score is in My Tests.`]
    : open
      ? ['This test is not finished yet', 'Its review opens once it has ended. Resume it where you left off.']
      : refused
        ? ['No such test', 'This test does not exist, or it is not yours.']
        : ['The review could not be loaded', 'Check your connection and try again.'];
  return (
    <>
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Card withBorder p="lg">
        <Text>{text}</Text>
        <Group mt="md">
          {open ? (
            <Button component={Link} to={`/tests/${id}/run`}>
              Resume the test
            </Button>
          ) : (
            !refused && <Button onClick={retry}>Retry</Button>
          )}
          <Button component={Link} to="/tests" variant="default">
            My Tests
          </Button>
        </Group>
      </Card>
    </>
  );
}

/** /tests/:id/review — a completed test: the score, and every question with its answer and explanation. */
export function TestReviewPage() {
  const { id = '' } = useParams();
  const review = useQuery(testReviewQuery(id));
  if (review.isSuccess) return <Review review={review.data} />;
  return (
    <Container size="lg" py="xl">
      <PageTitle name={TITLE} />
      {review.isPending ? (
        <Stack role="status" aria-label="Loading the review" gap="md">
          <Skeleton height={36} width="40%" />
          <Skeleton height={150} />
          <Skeleton height={40} />
          <Skeleton height={300} />
        </Stack>
      ) : (
        <ReviewError id={id} error={review.error} retry={() => void review.refetch()} />
      )}
    </Container>
  );
}
