import {
  Anchor,
  Container,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { activeSubscription, ROSTER_INACTIVE_DAYS_MAX } from '@qbank/contract';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useLatestSearchParams } from '../../../lib/latest-search-params';
import { useAuth } from '../../accounts/api/auth';
import { useCohorts } from '../api/cohorts';
import { usePerformance } from '../api/performance';
import { AtRiskTable, HeatMapTable, WeakestSubjects } from '../components/performance-figures';
import { ProgressChart } from '../components/progress-chart';
import {
  PERFORMANCE_WEEK_CHOICES,
  type PerformanceState,
  performanceQueryOf,
  readPerformanceState,
  wholeIn,
  writePerformanceState,
} from '../lib/performance-params';
import { DEFAULT_STATE, writeRosterState } from '../lib/roster-params';

const ALL = 'all';
/** A threshold typed in applies once typing pauses. */
const THRESHOLD_DEBOUNCE_MS = 500;

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
 * A whole number typed in, applied (when in range) once typing pauses; a value out of range stays in the box,
 * marked, and is not applied.
 */
function ThresholdInput({
  label,
  value,
  min,
  max,
  suffix,
  onApply,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  suffix?: string;
  onApply: (n: number) => void;
}) {
  const [typed, setTyped] = useState<string | number>(value);
  const [debounced] = useDebouncedValue(typed, THRESHOLD_DEBOUNCE_MS);
  // The address changed by other means (back, a link): the box follows.
  useEffect(() => setTyped(value), [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pause in typing applies the value
  useEffect(() => {
    const n = wholeIn(debounced, min, max);
    if (n !== null && n !== value) onApply(n);
  }, [debounced]);
  const valid = wholeIn(typed, min, max) !== null;
  return (
    <NumberInput
      label={label}
      value={typed}
      onChange={setTyped}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      suffix={suffix}
      error={valid ? undefined : `A whole number from ${min} to ${max}`}
      w={{ base: '100%', xs: 200 }}
    />
  );
}

/**
 * /roster/performance: how the active QBank's students (or one cohort) progress week by week, their weakest
 * subjects, who is at risk, and a subject × student heat map (docs/performance.md). The cohort and the heat map's
 * page, the window and the at-risk thresholds are kept in the address (lib/performance-params.ts).
 */
export function PerformancePage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const productId = active?.product.uuid ?? '';
  const [params, setParams] = useLatestSearchParams();
  const state = readPerformanceState(params);
  const { cohort } = state;
  const cohorts = useCohorts(productId);
  const report = usePerformance(productId, performanceQueryOf(state));
  // Any change but the heat map's page starts it again from the first.
  const update = (change: Partial<PerformanceState>) =>
    setParams((latest) => writePerformanceState({ ...readPerformanceState(latest), page: 1, ...change }), {
      replace: true,
    });

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
          <Group gap="sm" align="flex-end" w={{ base: '100%', xs: 'auto' }}>
            <Select
              label="Cohort"
              data={[
                { value: ALL, label: 'All students' },
                ...(cohorts.data ?? []).map((c) => ({ value: c.uuid, label: c.name })),
              ]}
              value={cohort ?? ALL}
              onChange={(v) => update({ cohort: v && v !== ALL ? v : null })}
              allowDeselect={false}
              w={{ base: '100%', xs: 240 }}
            />
            <Select
              label="Progress over"
              data={PERFORMANCE_WEEK_CHOICES.map((n) => ({ value: String(n), label: `The last ${n} weeks` }))}
              value={String(state.weeks)}
              onChange={(v) => v && update({ weeks: Number(v) })}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
          </Group>
        </Group>
        <Group gap="sm" align="flex-start">
          <ThresholdInput
            label="At risk: inactive for (days)"
            value={state.inactiveDays}
            min={1}
            max={ROSTER_INACTIVE_DAYS_MAX}
            onApply={(n) => update({ inactiveDays: n })}
          />
          <ThresholdInput
            label="At risk: correct below"
            value={state.belowPercent}
            min={1}
            max={100}
            suffix="%"
            onApply={(n) => update({ belowPercent: n })}
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
              <HeatMapTable map={r.heatMap} onPage={(n) => update({ page: n + 1 })} />
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
