import { Anchor, Container, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { activeSubscription } from '@qbank/contract';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useAuth } from '../../accounts/api/auth';
import { useCohorts } from '../api/cohorts';
import { usePerformance } from '../api/performance';
import { AtRiskTable, HeatMapTable, WeakestSubjects } from '../components/performance-figures';
import { ProgressChart } from '../components/progress-chart';
import { DEFAULT_STATE, writeRosterState } from '../lib/roster-params';

const ALL = 'all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function PerformanceSkeleton() {
  return (
    <Stack gap="md">
      <Skeleton height={220} radius="md" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </SimpleGrid>
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}

/**
 * /roster/performance: how the active QBank's students (or one cohort) progress week by week, their weakest
 * subjects, who is at risk, and a subject × student heat map (docs/performance.md). The cohort and the heat map's
 * page are kept in the address.
 */
export function PerformancePage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const productId = active?.product.uuid ?? '';
  const [params, setParams] = useSearchParams();
  const cohort = UUID.test(params.get('cohort') ?? '') ? params.get('cohort') : null;
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);
  const cohorts = useCohorts(productId);
  const report = usePerformance(productId, { cohortUuid: cohort ?? undefined, page });

  const setView = (next: { cohort?: string | null; page?: number }) => {
    const p = new URLSearchParams();
    const c = next.cohort === undefined ? cohort : next.cohort;
    if (c) p.set('cohort', c);
    const n = next.page ?? 0;
    if (n > 0) p.set('page', String(n + 1));
    setParams(p, { replace: true });
  };

  if (!user || !active) return null;
  const cohortName = cohorts.data?.find((c) => c.uuid === cohort)?.name;
  const inactiveListHref = (days: number) =>
    `/roster?${writeRosterState({ ...DEFAULT_STATE, cohort, inactiveDays: days }).toString()}`;

  return (
    <Container size="xl" py="xl">
      <PageTitle name="Performance" />
      <Stack gap="lg">
        <Anchor component={Link} to="/roster" size="sm" style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Students
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>Performance</Title>
            <Text c="dimmed" size="sm">
              {active.product.name}
              {cohortName ? ` · ${cohortName}` : ' · All students'}
            </Text>
          </div>
          <Select
            label="Cohort"
            data={[
              { value: ALL, label: 'All students' },
              ...(cohorts.data ?? []).map((c) => ({ value: c.uuid, label: c.name })),
            ]}
            value={cohort ?? ALL}
            onChange={(v) => setView({ cohort: v && v !== ALL ? v : null, page: 0 })}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
          />
        </Group>
        <QueryState
          query={report}
          label="Loading the figures"
          skeleton={<PerformanceSkeleton />}
          errorTitle="The figures could not be loaded"
          errorText="Check your connection and try again."
          empty={{
            when: (r) => r.students === 0,
            title: cohort ? 'No students in this cohort' : 'No students yet',
            message: cohort
              ? 'Add students to this cohort from the Students list, or choose All students.'
              : 'The figures appear here as students subscribe to this QBank and answer questions.',
          }}
        >
          {(r) => (
            <Stack
              gap="lg"
              style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={report.isFetching}
            >
              <Text size="sm" c="gray.7" role="status">
                {r.students === 1
                  ? '1 student with access'
                  : `${r.students.toLocaleString('en-US')} students with access`}
                {r.progress.every((w) => w.answered === 0) && r.weakestSubjects.length === 0
                  ? ' · No answers yet: the figures fill in as students take tests.'
                  : ''}
              </Text>
              <ProgressChart weeks={r.progress} />
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <WeakestSubjects subjects={r.weakestSubjects} />
                <AtRiskTable
                  students={r.atRisk}
                  total={r.atRiskTotal}
                  inactiveDays={r.inactiveDays}
                  belowPercent={r.belowPercent}
                  inactiveListHref={inactiveListHref(r.inactiveDays)}
                />
              </SimpleGrid>
              <HeatMapTable map={r.heatMap} onPage={(n) => setView({ page: n })} />
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
