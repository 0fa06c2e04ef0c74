import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionSummary } from '@qbank/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { OpenTestCard } from '../../../components/open-test-card';
import { useDashboard } from '../api/dashboard';
import { categoriesWithSubjects, performanceBars } from '../lib/performance';
import { FirstTestCard } from './learner-cards';
import { ProgressCards } from './progress-cards';
import { RecentTests } from './recent-tests';

// The charts' library is most of the dashboard's weight: it loads after the figures, and never for a learner
// with nothing to chart yet.
const PerformanceChart = lazy(() =>
  import('./performance-chart').then((m) => ({ default: m.PerformanceChart })),
);

/**
 * True once the browser has drawn the page and has a moment to spare: the chart's code (recharts, about 127 KB
 * compressed) is asked for only then, so it does not share the line and the CPU with what the first paint needs.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle = 0;
    const frame = requestAnimationFrame(() => {
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => setReady(true), { timeout: 2000 })
          : window.setTimeout(() => setReady(true), 200);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, []);
  return ready;
}

function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-label="Loading your charts">
      <Skeleton height={220} radius="md" />
      <Skeleton height={220} radius="md" />
    </SimpleGrid>
  );
}

function StatsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading your statistics">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Skeleton height={150} radius="md" />
        <Skeleton height={150} radius="md" />
      </SimpleGrid>
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/** The learner's standing in the active product: the open test, progress, performance and recent tests. */
export function LearnerStats({ subscription }: { subscription: SubscriptionSummary }) {
  const { product } = subscription;
  const stats = useDashboard(product.uuid, true);
  const chartsNow = useAfterFirstPaint();
  const heading = (
    <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
      Your progress in {product.name}
    </Title>
  );
  if (stats.isError && !stats.data)
    return (
      <Stack gap="sm">
        {heading}
        <Alert color="red" role="alert" title="Your statistics could not be loaded">
          <Text size="sm">Check your connection and try again.</Text>
          <Button variant="default" size="xs" mt="sm" onClick={() => void stats.refetch()}>
            Retry
          </Button>
        </Alert>
      </Stack>
    );
  if (!stats.data)
    return (
      <Stack gap="sm">
        {heading}
        <StatsSkeleton />
      </Stack>
    );
  const s = stats.data;
  const isNew = s.answered === 0 && !s.openTest && s.recentTests.length === 0;
  const freeSample = subscription.type === 'BASIC' ? `/store/products/${product.uuid}` : null;
  return (
    <Stack gap="md">
      {s.openTest && <OpenTestCard test={s.openTest} />}
      {heading}
      {isNew ? (
        <FirstTestCard productName={product.name} total={s.totalQuestions} />
      ) : (
        <>
          <ProgressCards stats={s} freeSample={freeSample} />
          {!chartsNow ? (
            <ChartsSkeleton />
          ) : (
            <Suspense fallback={<ChartsSkeleton />}>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <PerformanceChart
                  title="Performance by subject"
                  what="Subject"
                  bars={performanceBars(s.bySubject)}
                />
                <PerformanceChart
                  title="Performance by category"
                  what="Category"
                  bars={performanceBars(categoriesWithSubjects(s.byCategory, s.bySubject))}
                />
              </SimpleGrid>
            </Suspense>
          )}
          <RecentTests tests={s.recentTests} />
        </>
      )}
    </Stack>
  );
}
