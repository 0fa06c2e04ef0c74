import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  NumberInput,
  Pagination,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  activeSubscription,
  type BuilderQuestion,
  ITEM_FLAG_LABELS,
  type ProductTree,
  TEMPLATE_NAME_MAX,
  TEST_QUESTIONS_MAX,
  type Template,
  type TemplateInput,
  type TreeNodeType,
} from '@qbank/contract';
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { RichTextView } from '../../../components/rich-text-view';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { useProductTree } from '../../catalogue/api/product-tree';
import { useBuilderQuestions, useSaveTemplate, useTemplate, useTemplatePreview } from '../api/test-bank';

interface Rule {
  key: number;
  /** `${type}:${uuid}`, or '' before a place is chosen. */
  node: string;
  count: number | string;
}

interface Draft {
  name: string;
  kind: 'QUESTIONS' | 'RULES';
  questions: BuilderQuestion[];
  rules: Rule[];
  draw: 'ONCE' | 'PER_STUDENT';
  order: 'AS_LISTED' | 'SHUFFLED';
  mode: 'TUTOR' | 'TIMED';
  timeLimit: number | string;
  passingScore: number | string;
}

let ruleKeys = 0;
const emptyDraft = (): Draft => ({
  name: '',
  kind: 'QUESTIONS',
  questions: [],
  rules: [{ key: ++ruleKeys, node: '', count: 10 }],
  draw: 'PER_STUDENT',
  order: 'AS_LISTED',
  mode: 'TIMED',
  timeLimit: '',
  passingScore: '',
});

const draftOf = (t: Template): Draft => ({
  name: t.name,
  kind: t.selection.kind,
  questions: t.questions,
  rules:
    t.selection.kind === 'RULES'
      ? t.selection.rules.map((r) => ({
          key: ++ruleKeys,
          node: `${r.nodeType}:${r.nodeUuid}`,
          count: r.count,
        }))
      : [{ key: ++ruleKeys, node: '', count: 10 }],
  draw: t.selection.kind === 'RULES' ? t.selection.draw : 'PER_STUDENT',
  order: t.order,
  mode: t.mode,
  timeLimit: t.timeLimitMinutes ?? '',
  passingScore: t.passingScore ?? '',
});

/** Every node of the tree as a choice, with how many published questions are under it. */
function nodeChoices(tree: ProductTree | undefined) {
  const out: Array<{ value: string; label: string; count: number }> = [];
  for (const s of tree?.productTree.children ?? []) {
    out.push({ value: `SUBJECT:${s.uuid}`, label: s.name, count: s.questionCount });
    for (const c of s.children) {
      out.push({ value: `CATEGORY:${c.uuid}`, label: `${s.name} › ${c.name}`, count: c.questionCount });
      for (const sc of c.children)
        out.push({
          value: `SUBCATEGORY:${sc.uuid}`,
          label: `${s.name} › ${c.name} › ${sc.name}`,
          count: sc.questionCount,
        });
    }
  }
  return out;
}

const numberOrNull = (v: number | string) => (v === '' ? null : Number(v));

function toInput(d: Draft): TemplateInput {
  return {
    name: d.name.trim(),
    selection:
      d.kind === 'QUESTIONS'
        ? { kind: 'QUESTIONS', questionUuids: d.questions.map((q) => q.uuid) }
        : {
            kind: 'RULES',
            draw: d.draw,
            rules: d.rules.map((r) => {
              const [nodeType, nodeUuid] = r.node.split(':') as [TreeNodeType, string];
              return { nodeType, nodeUuid, count: Number(r.count) };
            }),
          },
    order: d.order,
    mode: d.mode,
    timeLimitMinutes: d.mode === 'TIMED' ? numberOrNull(d.timeLimit) : null,
    passingScore: numberOrNull(d.passingScore),
  };
}

/** What is missing before a save, in the instructor's words; null when it can be sent. */
function problemOf(d: Draft): string | null {
  if (!d.name.trim()) return 'Give the test a name';
  if (d.kind === 'QUESTIONS' && d.questions.length === 0) return 'Add at least one question';
  if (d.kind === 'RULES' && d.rules.some((r) => !r.node))
    return 'Choose a subject, category or subcategory for each rule';
  if (d.kind === 'RULES' && d.rules.some((r) => !(Number(r.count) >= 1)))
    return 'Each rule draws at least one question';
  return null;
}

/** How the question has done: times answered, facility, discrimination and the item statistics' flags. */
const answeredLine = (q: BuilderQuestion) =>
  q.timesAnswered === 0
    ? 'Not answered yet'
    : [
        `Answered ${q.timesAnswered} ${q.timesAnswered === 1 ? 'time' : 'times'}`,
        `${Math.round((q.facility ?? 0) * 100)}% right`,
        ...(q.discrimination === null ? [] : [`discrimination ${q.discrimination.toFixed(2)}`]),
        ...q.flags.map((f) => ITEM_FLAG_LABELS[f].toLowerCase()),
      ].join(' · ');

/** The search of published questions, each with Add (or Added). */
function QuestionPicker({
  productId,
  chosen,
  onAdd,
}: {
  productId: string;
  chosen: Set<string>;
  onAdd: (q: BuilderQuestion) => void;
}) {
  const tree = useProductTree(productId);
  const subjects = (tree.data?.productTree.children ?? []).map((s) => ({ value: s.uuid, label: s.name }));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [subject, setSubject] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const list = useBuilderQuestions(productId, {
    search: debounced || undefined,
    subjectUuid: subject ?? undefined,
    page: page - 1,
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pick-title">
      <Title order={2} size="h4" id="pick-title" mb="xs">
        Published questions
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="sm">
        <TextInput
          label="Search questions"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="Subject"
          placeholder="Any subject"
          data={subjects}
          value={subject}
          clearable
          onChange={(v) => {
            setSubject(v);
            setPage(1);
          }}
        />
      </SimpleGrid>
      <QueryState
        query={list}
        label="Loading questions"
        errorTitle="The questions could not be loaded"
        empty={{
          when: (p) => p.content.length === 0,
          title: 'No published question matches',
          message: 'Try other words or another subject.',
        }}
      >
        {(p) => (
          <Stack gap="xs" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            <Stack component="ul" gap="xs" p={0} m={0} aria-label="Questions found">
              {p.content.map((q) => (
                <Paper
                  key={q.uuid}
                  component="li"
                  withBorder
                  p="sm"
                  radius="sm"
                  style={{ listStyle: 'none' }}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {q.stemText || q.name || 'Untitled question'}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {q.path.join(' › ')} · {answeredLine(q)}
                      </Text>
                    </div>
                    <Button
                      size="compact-sm"
                      variant={chosen.has(q.uuid) ? 'light' : 'default'}
                      disabled={chosen.has(q.uuid) || chosen.size >= TEST_QUESTIONS_MAX}
                      onClick={() => onAdd(q)}
                      aria-label={`${chosen.has(q.uuid) ? 'Added' : 'Add'}: ${q.stemText.slice(0, 60)}`}
                    >
                      {chosen.has(q.uuid) ? 'Added' : 'Add'}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
            {p.totalPages > 1 && (
              <Pagination
                total={p.totalPages}
                value={page}
                onChange={setPage}
                size="sm"
                siblings={1}
                boundaries={1}
                getControlProps={(control) => ({ 'aria-label': `${control} page of questions` })}
                getItemProps={(n) => ({ 'aria-label': `Questions page ${n}` })}
              />
            )}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

/** The chosen questions in their order, moved up and down or taken out. */
function ChosenList({ draft, set }: { draft: Draft; set: (d: Partial<Draft>) => void }) {
  const move = (i: number, by: number) => {
    const next = [...draft.questions];
    const [q] = next.splice(i, 1);
    next.splice(i + by, 0, q!);
    set({ questions: next });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="chosen-title">
      <Title order={2} size="h4" id="chosen-title" mb="xs">
        Your test: {draft.questions.length} {draft.questions.length === 1 ? 'question' : 'questions'}
      </Title>
      {draft.questions.length === 0 ? (
        <Text c="gray.7" size="sm">
          Add questions from the list; they appear here in the order the test gives them.
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} aria-label="Chosen questions">
          {draft.questions.map((q, i) => (
            <Group key={q.uuid} component="li" wrap="nowrap" gap="xs" justify="space-between">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {i + 1}. {q.stemText || q.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={`Move question ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Move question ${i + 1} down`}
                  disabled={i === draft.questions.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Remove question ${i + 1}`}
                  onClick={() => set({ questions: draft.questions.filter((x) => x.uuid !== q.uuid) })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function RulesEditor({
  productId,
  draft,
  set,
}: {
  productId: string;
  draft: Draft;
  set: (d: Partial<Draft>) => void;
}) {
  const tree = useProductTree(productId);
  const choices = useMemo(() => nodeChoices(tree.data), [tree.data]);
  const total = draft.rules.reduce((n, r) => n + (Number(r.count) || 0), 0);
  const update = (key: number, change: Partial<Rule>) =>
    set({ rules: draft.rules.map((r) => (r.key === key ? { ...r, ...change } : r)) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rules-title">
      <Title order={2} size="h4" id="rules-title" mb="xs">
        Rules: {total} {total === 1 ? 'question' : 'questions'}
      </Title>
      <Stack gap="sm">
        {draft.rules.map((r, i) => {
          const chosen = choices.find((c) => c.value === r.node);
          return (
            <Group key={r.key} align="flex-end" gap="sm" wrap="wrap">
              <Select
                label={`Rule ${i + 1}: from`}
                placeholder="Choose a subject, category or subcategory"
                data={choices.map(({ value, label }) => ({ value, label }))}
                searchable
                value={r.node || null}
                onChange={(v) => update(r.key, { node: v ?? '' })}
                style={{ flex: 1, minWidth: 220 }}
              />
              <NumberInput
                label={`Rule ${i + 1}: questions`}
                min={1}
                max={TEST_QUESTIONS_MAX}
                allowDecimal={false}
                value={r.count}
                onChange={(v) => update(r.key, { count: v })}
                description={chosen ? `${chosen.count} published` : undefined}
                w={140}
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Remove rule ${i + 1}`}
                disabled={draft.rules.length === 1}
                onClick={() => set({ rules: draft.rules.filter((x) => x.key !== r.key) })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          variant="default"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => set({ rules: [...draft.rules, { key: ++ruleKeys, node: '', count: 10 }] })}
        >
          Add a rule
        </Button>
        <Radio.Group
          label="Who gets which questions"
          value={draft.draw}
          onChange={(v) => set({ draw: v as Draft['draw'] })}
        >
          <Stack gap={6} mt={6}>
            <Radio value="PER_STUDENT" label="Each student gets their own draw" />
            <Radio value="ONCE" label="Everyone gets the same questions (drawn when the test is assigned)" />
          </Stack>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}

/** The test as a student would get it now: stems and choices, no answers. */
function PreviewDialog({ id, opened, onClose }: { id: string; opened: boolean; onClose: () => void }) {
  const preview = useTemplatePreview(id, opened);
  return (
    <Dialog opened={opened} onClose={onClose} title="Preview as a student sees it">
      <QueryState query={preview} label="Drawing the questions" errorTitle="The preview could not be made">
        {(p) => (
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              {p.questions.length} questions · {p.mode === 'TIMED' ? 'Timed' : 'Tutor'}
              {p.timeLimitMinutes ? ` · ${p.timeLimitMinutes} minutes` : ''}
            </Text>
            <Stack component="ol" gap="md" p={0} m={0} style={{ listStylePosition: 'inside' }}>
              {p.questions.map((q) => (
                <li key={q.uuid}>
                  <RichTextView html={q.stem} />
                  <Stack component="ul" gap={4} mt={4} pl="md">
                    {q.choices.map((c) => (
                      <li key={c.uuid}>
                        <RichTextView html={c.text} />
                      </li>
                    ))}
                  </Stack>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
      </QueryState>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Dialog>
  );
}

function Builder({ productId, initial }: { productId: string; initial: Template | null }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => (initial ? draftOf(initial) : emptyDraft()));
  const [version, setVersion] = useState(initial?.version ?? 0);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const save = useSaveTemplate(productId);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const [previewOpen, setPreviewOpen] = useState(false);
  const chosen = useMemo(() => new Set(draft.questions.map((q) => q.uuid)), [draft.questions]);
  const submit = () => {
    const problem = problemOf(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const body = toInput(draft);
    save.mutate(
      { id: initial?.uuid ?? null, body: initial ? { ...body, baseVersion: version } : body },
      {
        onSuccess: (t) => {
          setVersion(t.version);
          setSaved(`Saved as version ${t.version}`);
          if (!initial) navigate(`/test-builder/${t.uuid}`, { replace: true });
        },
        onError: (e) => setError(e instanceof HttpError ? e.serverMessage : 'The test could not be saved'),
      },
    );
  };
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            maxLength={TEMPLATE_NAME_MAX}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="kind-label">
              Questions
            </Text>
            <SegmentedControl
              aria-labelledby="kind-label"
              value={draft.kind}
              onChange={(v) => set({ kind: v as Draft['kind'] })}
              data={[
                { value: 'QUESTIONS', label: 'Chosen by hand' },
                { value: 'RULES', label: 'Drawn by rules' },
              ]}
            />
          </div>
        </Stack>
      </Paper>
      {draft.kind === 'QUESTIONS' ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <QuestionPicker
            productId={productId}
            chosen={chosen}
            onAdd={(q) => set({ questions: [...draft.questions, q] })}
          />
          <ChosenList draft={draft} set={set} />
        </SimpleGrid>
      ) : (
        <RulesEditor productId={productId} draft={draft} set={set} />
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-title">
        <Title order={2} size="h4" id="settings-title" mb="xs">
          How it runs
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Select
            label="Order"
            data={[
              { value: 'AS_LISTED', label: 'As listed' },
              { value: 'SHUFFLED', label: 'Shuffled for each student' },
            ]}
            value={draft.order}
            allowDeselect={false}
            onChange={(v) => v && set({ order: v as Draft['order'] })}
          />
          <Select
            label="Mode"
            data={[
              { value: 'TIMED', label: 'Timed (answers at the end)' },
              { value: 'TUTOR', label: 'Tutor (answer after each question)' },
            ]}
            value={draft.mode}
            allowDeselect={false}
            onChange={(v) => v && set({ mode: v as Draft['mode'] })}
          />
          <NumberInput
            label="Time limit (minutes)"
            description="Empty: 90 seconds a question"
            min={1}
            allowDecimal={false}
            disabled={draft.mode !== 'TIMED'}
            value={draft.timeLimit}
            onChange={(v) => set({ timeLimit: v })}
          />
          <NumberInput
            label="Pass mark (%)"
            description="Empty: no pass mark"
            min={0}
            max={100}
            allowDecimal={false}
            value={draft.passingScore}
            onChange={(v) => set({ passingScore: v })}
          />
        </SimpleGrid>
      </Paper>
      {error && (
        <Alert color="red" role="alert" title="The test is not saved">
          {error}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={submit} loading={save.isPending}>
          {initial ? 'Save a new version' : 'Save to the Test Bank'}
        </Button>
        {initial && (
          <Button variant="default" onClick={() => setPreviewOpen(true)}>
            Preview
          </Button>
        )}
        <Text size="sm" role="status" aria-live="polite">
          {saved}
        </Text>
      </Group>
      {initial && (
        <PreviewDialog id={initial.uuid} opened={previewOpen} onClose={() => setPreviewOpen(false)} />
      )}
    </Stack>
  );
}

/** /test-builder/new and /test-builder/:id: build a test from chosen questions or rules, and save it. */
export function TestBuilderPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const { id } = useParams();
  const existing = useTemplate(id);
  if (!active) return null;
  const title = id ? (existing.data ? `Edit ${existing.data.name}` : 'Edit test') : 'Test Builder';
  return (
    <Container size="xl" py="xl">
      <PageTitle name={title} />
      <Stack gap="lg">
        <Anchor component={Link} to="/test-templates" size="sm" style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Test Bank
          </Group>
        </Anchor>
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm">
            {active.product.name}
            {existing.data ? ` · version ${existing.data.version}` : ''}
          </Text>
        </div>
        {id ? (
          existing.isPending ? (
            <Center py="xl">
              <Loader role="status" aria-label="Loading the test" />
            </Center>
          ) : existing.isError ? (
            <Alert color="red" role="alert" title="This test could not be loaded">
              It may have been removed, or you may not build tests in this QBank.
            </Alert>
          ) : (
            <Builder key={existing.data.uuid} productId={active.product.uuid} initial={existing.data} />
          )
        ) : (
          <Builder key="new" productId={active.product.uuid} initial={null} />
        )}
      </Stack>
    </Container>
  );
}
