import {
  Alert,
  Button,
  Container,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ANSWERS_SHOWN,
  type AnswersShown,
  ASSIGNMENT_ATTEMPTS_MAX,
  ASSIGNMENT_NAME_MAX,
  type Assignment,
  activeSubscription,
  type LatePolicy,
} from '@qbank/contract';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http';
import { newUuid } from '../../../lib/uuid';
import { useAuth } from '../../accounts/api/auth';
import {
  useAssignableCohorts,
  useAssignableTemplates,
  useAssignment,
  useSaveAssignment,
  useStudentSearch,
} from '../api/assignments';
import { ANSWERS_LABELS, fromLocalInput, toLocalInput } from '../lib/format';

interface Draft {
  templateUuid: string | null;
  name: string;
  opensAt: string;
  closesAt: string;
  latePolicy: LatePolicy;
  lateUntil: string;
  attemptsAllowed: number | string;
  answersShown: AnswersShown;
  cohortUuids: string[];
  students: Array<{ value: string; label: string }>;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

function emptyDraft(templateUuid: string | null): Draft {
  // Open from now (to the minute) for a week.
  const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
  return {
    templateUuid,
    name: '',
    opensAt: toLocalInput(start.toISOString()),
    closesAt: toLocalInput(new Date(start.getTime() + 7 * 24 * HOUR).toISOString()),
    latePolicy: 'NONE',
    lateUntil: '',
    attemptsAllowed: 1,
    answersShown: 'AFTER_SUBMIT',
    cohortUuids: [],
    students: [],
  };
}

const draftOf = (a: Assignment): Draft => ({
  templateUuid: a.templateUuid,
  name: a.name,
  opensAt: toLocalInput(a.opensAt),
  closesAt: toLocalInput(a.closesAt),
  latePolicy: a.latePolicy,
  lateUntil: a.lateUntil ? toLocalInput(a.lateUntil) : '',
  attemptsAllowed: a.attemptsAllowed,
  answersShown: a.answersShown,
  cohortUuids: a.cohorts.map((c) => c.uuid),
  students: a.students.map((s) => ({
    value: s.uuid,
    label: `${s.firstName} ${s.lastName} (${s.emailAddress})`,
  })),
});

/** The field a server refusal names, mapped to the form's own (cohortUuids.0 → cohortUuids). */
const fieldOf = (f: string | undefined) => (f ? (f.split('.')[0] ?? f) : undefined);

function AssignmentForm({ productId, initial }: { productId: string; initial: Assignment | null }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(() =>
    initial ? draftOf(initial) : emptyDraft(params.get('template')),
  );
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  // A new assignment's id, made once per form: a save sent again (a lost answer, a second click) answers the one
  // the first made instead of making another.
  const [newId] = useState(newUuid);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const templates = useAssignableTemplates(productId);
  const cohorts = useAssignableCohorts(productId);
  const [studentSearch, setStudentSearch] = useState('');
  const [debounced] = useDebouncedValue(studentSearch.trim(), 300);
  const found = useStudentSearch(productId, debounced);
  const save = useSaveAssignment(productId);
  const studentOptions = useMemo(() => {
    const byId = new Map(draft.students.map((s) => [s.value, s]));
    for (const s of found.data?.content ?? [])
      byId.set(s.userUuid, { value: s.userUuid, label: `${s.firstName} ${s.lastName} (${s.emailAddress})` });
    return [...byId.values()];
  }, [found.data, draft.students]);

  const submit = () => {
    const local: Record<string, string> = {};
    const opensAt = fromLocalInput(draft.opensAt);
    const closesAt = fromLocalInput(draft.closesAt);
    const lateUntil = draft.latePolicy === 'ACCEPT_LATE' ? fromLocalInput(draft.lateUntil) : null;
    if (!initial && !draft.templateUuid) local.templateUuid = 'Choose a test of the Test Bank';
    if (!opensAt) local.opensAt = 'Enter when it opens';
    if (!closesAt) local.closesAt = 'Enter when it closes';
    if (draft.latePolicy === 'ACCEPT_LATE' && !lateUntil)
      local.lateUntil = 'Enter the last moment late attempts may run to';
    if (draft.cohortUuids.length + draft.students.length === 0)
      local.cohortUuids = 'Assign it to at least one cohort or student';
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length) return;
    const settings = {
      name: draft.name.trim() || undefined,
      opensAt: opensAt!,
      closesAt: closesAt!,
      latePolicy: draft.latePolicy,
      lateUntil,
      attemptsAllowed: Number(draft.attemptsAllowed),
      answersShown: draft.answersShown,
      cohortUuids: draft.cohortUuids,
      studentUuids: draft.students.map((s) => s.value),
    };
    save.mutate(
      {
        id: initial?.uuid ?? null,
        body: initial ? settings : { ...settings, uuid: newId, templateUuid: draft.templateUuid! },
      },
      {
        onSuccess: (a) => navigate(`/assignments/${a.uuid}`),
        onError: (e) => {
          const field = e instanceof HttpError ? fieldOf(e.field) : undefined;
          const key = field === 'studentUuids' ? 'students' : field;
          const message = e instanceof HttpError ? e.serverMessage : 'The assignment could not be saved';
          if (key && key in draft) setErrors({ [key]: message });
          else setFormError(message);
        },
      },
    );
  };

  const templateOptions = (templates.data?.content ?? []).map((t) => ({
    value: t.uuid,
    label: `${t.name} (${t.questionCount} ${t.questionCount === 1 ? 'question' : 'questions'}, ${t.mode === 'TIMED' ? 'timed' : 'tutor'})`,
  }));
  const chosenTemplate = templates.data?.content.find((t) => t.uuid === draft.templateUuid);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        {formError && (
          <Alert color="red" role="alert" title="The assignment could not be saved">
            {formError}
          </Alert>
        )}
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="what-title">
          <Title order={2} size="h4" id="what-title" mb="xs">
            What
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {initial ? (
              <TextInput
                label="Test"
                readOnly
                value={`${initial.templateName}, version ${initial.templateVersion}`}
                description="An assignment keeps the version it was made from."
              />
            ) : (
              <Select
                label="Test"
                required
                placeholder={templates.isPending ? 'Loading tests…' : 'Choose a test'}
                data={templateOptions}
                value={draft.templateUuid}
                onChange={(v) => set({ templateUuid: v })}
                searchable
                nothingFoundMessage="No test of that name"
                error={errors.templateUuid}
                description={
                  templates.data && templates.data.content.length === 0
                    ? 'The Test Bank is empty: build a test first.'
                    : 'Its latest version is assigned; later changes to it do not reach this assignment.'
                }
              />
            )}
            <TextInput
              label="Name"
              placeholder={initial?.name ?? chosenTemplate?.name ?? 'The test’s name'}
              maxLength={ASSIGNMENT_NAME_MAX}
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errors.name}
              description="What students see; the test's name when left empty."
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="who-title">
          <Title order={2} size="h4" id="who-title" mb="xs">
            Who
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelect
              label="Cohorts"
              placeholder={cohorts.isPending ? 'Loading cohorts…' : 'Choose cohorts'}
              data={(cohorts.data ?? []).map((c) => ({
                value: c.uuid,
                label: `${c.name} (${c.memberCount})`,
              }))}
              value={draft.cohortUuids}
              onChange={(v) => set({ cohortUuids: v })}
              searchable
              nothingFoundMessage="No cohort of that name"
              error={errors.cohortUuids}
              description="Their members now, and whoever joins them later."
            />
            <MultiSelect
              label="Students by name"
              placeholder="Search by name or e-mail"
              data={studentOptions}
              value={draft.students.map((s) => s.value)}
              onChange={(ids) =>
                set({
                  students: ids.map(
                    (id) => studentOptions.find((o) => o.value === id) ?? { value: id, label: id },
                  ),
                })
              }
              searchable
              searchValue={studentSearch}
              onSearchChange={setStudentSearch}
              filter={({ options }) => options}
              nothingFoundMessage={found.isFetching ? 'Searching…' : 'No student found'}
              error={errors.students}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="when-title">
          <Title order={2} size="h4" id="when-title" mb="xs">
            When
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <TextInput
              label="Opens"
              type="datetime-local"
              required
              value={draft.opensAt}
              onChange={(e) => set({ opensAt: e.currentTarget.value })}
              error={errors.opensAt}
            />
            <TextInput
              label="Closes"
              type="datetime-local"
              required
              value={draft.closesAt}
              onChange={(e) => set({ closesAt: e.currentTarget.value })}
              error={errors.closesAt}
              description="A test still running then is ended and scored."
            />
            <Select
              label="Late attempts"
              data={[
                { value: 'NONE', label: 'Not accepted' },
                { value: 'ACCEPT_LATE', label: 'Accepted until…' },
              ]}
              value={draft.latePolicy}
              allowDeselect={false}
              onChange={(v) => set({ latePolicy: (v ?? 'NONE') as LatePolicy })}
              error={errors.latePolicy}
            />
            {draft.latePolicy === 'ACCEPT_LATE' && (
              <TextInput
                label="Late until"
                type="datetime-local"
                required
                value={draft.lateUntil}
                onChange={(e) => set({ lateUntil: e.currentTarget.value })}
                error={errors.lateUntil}
                description="Late attempts are marked late."
              />
            )}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rules-title">
          <Title order={2} size="h4" id="rules-title" mb="xs">
            Attempts and answers
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label="Attempts allowed"
              min={1}
              max={ASSIGNMENT_ATTEMPTS_MAX}
              allowDecimal={false}
              value={draft.attemptsAllowed}
              onChange={(v) => set({ attemptsAllowed: v })}
              error={errors.attemptsAllowed}
            />
            <Select
              label="Answers shown"
              data={ANSWERS_SHOWN.map((v) => ({ value: v, label: ANSWERS_LABELS[v] }))}
              value={draft.answersShown}
              allowDeselect={false}
              onChange={(v) => set({ answersShown: (v ?? 'AFTER_SUBMIT') as AnswersShown })}
              error={errors.answersShown}
              description="When students may read the review: answers and explanations."
            />
          </SimpleGrid>
        </Paper>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {initial ? 'Save changes' : 'Assign'}
          </Button>
          <Button
            variant="default"
            component={Link}
            to={initial ? `/assignments/${initial.uuid}` : '/assignments'}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /assignments/new (?template=…) and /assignments/:id/edit. */
export function AssignmentFormPage() {
  const { id } = useParams();
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const existing = useAssignment(id);
  if (!active) return null;
  const title = id ? 'Change the assignment' : 'New assignment';
  return (
    <Container size="lg" py="xl">
      <PageTitle name={title} />
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm">
            {active.product.name}
          </Text>
        </div>
        {id && existing.isPending ? (
          <Stack role="status" aria-label="Loading the assignment" gap="md">
            <Skeleton height={120} />
            <Skeleton height={120} />
          </Stack>
        ) : id && existing.isError ? (
          <Alert color="red" role="alert" title="The assignment could not be loaded">
            <Text size="sm">It does not exist, or the connection failed.</Text>
            <Button mt="sm" variant="default" onClick={() => void existing.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <AssignmentForm key={id ?? 'new'} productId={active.product.uuid} initial={existing.data ?? null} />
        )}
      </Stack>
    </Container>
  );
}
