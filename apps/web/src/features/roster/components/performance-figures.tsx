import { Anchor, Badge, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  AT_RISK_MIN_ANSWERS,
  type AtRiskReason,
  type AtRiskStudent,
  type HeatMap,
  type HeatMapCell,
  percentOf,
  type SubjectPerformance,
} from '@qbank/contract';
import { Link } from 'react-router';
import { formatDay, studentName } from '../lib/format';

const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The id of a subject's column header in the heat map: where a weakest subject's name leads. */
export const heatColumnId = (subjectUuid: string) => `heat-subject-${subjectUuid}`;

/** Moves to a subject's column of the heat map: scrolls it into view and gives its header the focus. */
function goToColumn(subjectUuid: string) {
  const th = document.getElementById(heatColumnId(subjectUuid));
  if (!th) return;
  th.scrollIntoView({ block: 'nearest', inline: 'center' });
  th.focus();
}

/** The heat map's bands: a light tint under dark text (the number is always written), and its words. */
const BANDS = [
  { below: 50, bg: 'var(--mantine-color-red-1)', label: 'Below 50%' },
  { below: 70, bg: 'var(--mantine-color-yellow-1)', label: '50–69%' },
  { below: 85, bg: 'var(--mantine-color-lime-1)', label: '70–84%' },
  { below: 101, bg: 'var(--mantine-color-green-2)', label: '85% and above' },
] as const;
const bandOf = (percent: number) => BANDS.find((b) => percent < b.below) ?? BANDS[BANDS.length - 1]!;

/** The subjects with the lowest percent correct, weakest first; each name leads to its column of the heat map. */
export function WeakestSubjects({ subjects }: { subjects: SubjectPerformance[] }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="weakest-title"
      style={{ minWidth: 0 }}
    >
      <Title order={2} size="h4" id="weakest-title">
        Weakest subjects
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Percent correct over each student's latest answer to each question. A subject leads to its column of
        the heat map.
      </Text>
      {subjects.length === 0 ? (
        <Text size="sm" c="gray.7">
          No answers yet: subjects are ranked once students answer.
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {subjects.map((s) => (
            <li key={s.uuid}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor
                  href={`#${heatColumnId(s.uuid)}`}
                  fw={600}
                  size="sm"
                  style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                  onClick={(e) => {
                    e.preventDefault();
                    goToColumn(s.uuid);
                  }}
                >
                  {s.name}
                </Anchor>
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {s.percentCorrect}% correct
                </Text>
              </Group>
              <div
                aria-hidden
                style={{
                  height: 6,
                  borderRadius: 3,
                  background: 'var(--mantine-color-gray-2)',
                  overflow: 'hidden',
                  marginTop: 2,
                }}
              >
                <div
                  style={{
                    width: `${s.percentCorrect}%`,
                    height: '100%',
                    background: 'var(--mantine-color-red-8)',
                  }}
                />
              </div>
              <Text size="xs" c="gray.7">
                {s.answered.toLocaleString('en-US')} {s.answered === 1 ? 'answer' : 'answers'} from{' '}
                {s.students.toLocaleString('en-US')} {s.students === 1 ? 'student' : 'students'}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

const REASON_LABELS = (inactiveDays: number, belowPercent: number): Record<AtRiskReason, string> => ({
  INACTIVE: `Inactive ${inactiveDays}+ days`,
  LOW_SCORE: `Under ${belowPercent}% correct`,
});

/** The students at risk, most at risk first: each name leads to the student's page. */
export function AtRiskTable({
  students,
  total,
  inactiveDays,
  belowPercent,
  inactiveListHref,
}: {
  students: AtRiskStudent[];
  total: number;
  inactiveDays: number;
  belowPercent: number;
  /** The Students list filtered to the inactive: the rows behind the "inactive" reason. */
  inactiveListHref: string;
}) {
  const labels = REASON_LABELS(inactiveDays, belowPercent);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="at-risk-title"
      style={{ minWidth: 0 }}
    >
      <Title order={2} size="h4" id="at-risk-title">
        Students at risk
      </Title>
      <Text size="sm" c="gray.7">
        Inactive for {inactiveDays} days or more (or never active), or below {belowPercent}% correct over at
        least {AT_RISK_MIN_ANSWERS} answers.
      </Text>
      <Text size="sm" mb="sm">
        <Anchor component={Link} to={inactiveListHref} size="sm">
          The inactive students in the Students list
        </Anchor>
      </Text>
      {students.length === 0 ? (
        <Text size="sm" c="gray.7">
          No student is at risk.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={600} type="native">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Student</Table.Th>
                  <Table.Th scope="col">Why</Table.Th>
                  <Table.Th scope="col">Last active</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Correct
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Answered
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {students.map((s) => (
                  <Table.Tr key={s.userUuid}>
                    <Table.Th scope="row" fw={400}>
                      <Anchor component={Link} to={`/roster/${s.userUuid}`} fw={600} size="sm">
                        {studentName(s)}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>
                      <Group gap={4}>
                        {s.reasons.map((r) => (
                          <Badge
                            key={r}
                            color={r === 'INACTIVE' ? 'gray.7' : 'red.9'}
                            variant="filled"
                            tt="none"
                            style={{ flexShrink: 0, overflow: 'visible' }}
                            styles={{ label: { overflow: 'visible' } }}
                          >
                            {labels[r]}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {s.lastActiveAt ? formatDay(s.lastActiveAt) : 'Never'}
                    </Table.Td>
                    <Table.Td ta="right">{s.percentCorrect === null ? '—' : `${s.percentCorrect}%`}</Table.Td>
                    <Table.Td ta="right">{s.answered.toLocaleString('en-US')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > students.length && (
            <Text size="sm" c="gray.7" mt="xs">
              The {students.length} most at risk of {total.toLocaleString('en-US')}.
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}

function Cell({ cell }: { cell: HeatMapCell }) {
  if (!cell)
    return (
      <Table.Td ta="center" c="gray.7">
        <span aria-hidden>—</span>
        <span style={srOnly}>No answers</span>
      </Table.Td>
    );
  const percent = percentOf(cell.correct, cell.answered);
  return (
    <Table.Td
      ta="center"
      style={{ background: bandOf(percent).bg, color: 'var(--mantine-color-gray-9)', whiteSpace: 'nowrap' }}
    >
      <Text span fw={700} size="sm">
        {percent}%
      </Text>
      <Text span size="xs" display="block">
        {cell.correct}/{cell.answered}
      </Text>
    </Table.Td>
  );
}

/**
 * Subjects × students: each cell the student's percent correct in the subject (the number written, the colour
 * only repeats it), scrolling sideways in its own box on a narrow screen. Names lead to the student's page.
 */
export function HeatMapTable({
  map,
  onPage,
}: {
  map: HeatMap;
  /** Another page of students (from 0). */
  onPage: (page: number) => void;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="heat-title"
      style={{ minWidth: 0 }}
    >
      <Title order={2} size="h4" id="heat-title">
        Heat map
      </Title>
      <Text size="sm" c="gray.7" mb="xs">
        Each student's percent correct by subject (right / answered), over their latest answers.
      </Text>
      <Group
        gap="xs"
        mb="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Colour key"
      >
        {BANDS.map((b) => (
          <Group component="li" key={b.label} gap={4} wrap="nowrap">
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 14,
                height: 14,
                borderRadius: 3,
                background: b.bg,
                border: '1px solid var(--mantine-color-gray-4)',
              }}
            />
            <Text size="xs">{b.label}</Text>
          </Group>
        ))}
      </Group>
      {map.subjects.length === 0 || map.students.length === 0 ? (
        <Text size="sm" c="gray.7">
          {map.subjects.length === 0 ? 'This QBank has no subjects yet.' : 'No students on this page.'}
        </Text>
      ) : (
        <div
          role="region"
          aria-label="Heat map table, scrolls sideways"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must take the keyboard
          tabIndex={0}
          // Positioned, so the words only screen readers get (absolutely placed) scroll and clip with the table.
          style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
        >
          <Table withColumnBorders style={{ minWidth: 200 + map.subjects.length * 96 }}>
            <Table.Caption style={srOnly}>
              Students (rows) by subject (columns): percent correct, then right over answered
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Student</Table.Th>
                {map.subjects.map((s) => (
                  <Table.Th
                    key={s.uuid}
                    scope="col"
                    id={heatColumnId(s.uuid)}
                    tabIndex={-1}
                    ta="center"
                    style={{ minWidth: 88 }}
                  >
                    {s.name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {map.students.map((st) => (
                <Table.Tr key={st.userUuid}>
                  <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={`/roster/${st.userUuid}`} size="sm">
                      {studentName(st)}
                    </Anchor>
                  </Table.Th>
                  {st.cells.map((c, i) => (
                    <Cell key={map.subjects[i]!.uuid} cell={c} />
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {map.totalPages > 1 && (
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="sm" c="gray.7">
            Students {map.page * map.size + 1}–{map.page * map.size + map.students.length} of{' '}
            {map.totalElements.toLocaleString('en-US')}
          </Text>
          <Pagination
            total={map.totalPages}
            value={map.page + 1}
            onChange={(n) => onPage(n - 1)}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page of the heat map` })}
            getItemProps={(n) => ({ 'aria-label': `Heat map page ${n}` })}
            aria-label="Heat map pages"
          />
        </Group>
      )}
    </Paper>
  );
}
