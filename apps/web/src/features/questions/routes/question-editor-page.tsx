import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Grid,
  Group,
  Kbd,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useHotkeys } from '@mantine/hooks';
import {
  activeSubscription,
  QUESTION_NAME_MAX,
  type QuestionStatus,
  questionInput,
  REFERENCE_MAX,
} from '@qbank/contract';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { useProductTree } from '../../catalogue/api/product-tree';
import {
  useAllowedStatuses,
  useDeleteQuestion,
  useQuestion,
  useRemoveMedia,
  useSaveQuestion,
  useUploadMedia,
} from '../api/questions';
import { ChoicesEditor } from '../components/choices-editor';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LeaveGuard } from '../components/leave-guard';
import { MediaList } from '../components/media-list';
import { QuestionView } from '../components/question-view';
import { RichTextField } from '../components/rich-text-field';
import { StatusBadge } from '../components/status-badge';
import { useMediaEntries } from '../hooks/use-media-entries';
import { hasMediaChanges, type MediaEntry, mediaEntriesOf, shownMedia } from '../lib/media';
import { subcategoryGroups } from '../lib/placement';
import {
  blankQuestion,
  formValuesOf,
  isBlankHtml,
  type QuestionFormValues,
  questionInputOf,
} from '../lib/question-form';
import { MediaUploadFailed, StatusMoveFailed, saveQuestionWithMedia } from '../lib/save-question';
import { isVersionConflict, showQuestionFieldError } from '../lib/server-errors';
import { newQuestionStatuses, orderedActions, quickSaveStatus, saveActionLabel } from '../lib/workflow';

const checkInput = schemaResolver(questionInput, { sync: true });

/** The contract's rules, plus what rich text hides from them: a stem or choice of empty paragraphs is empty. */
function validate(values: QuestionFormValues) {
  const errors: Record<string, React.ReactNode> = { ...checkInput(values) };
  if (isBlankHtml(values.questionStem)) errors.questionStem = 'Write the question stem';
  values.answerChoices.forEach((c, i) => {
    if (isBlankHtml(c.text)) errors[`answerChoices.${i}.text`] = 'Write this choice or remove it';
  });
  return errors;
}

const needsCorrectAnswer = (s: QuestionStatus) => s !== 'DRAFT' && s !== 'DELETED';

/** Moves the keyboard to the first field in error, so a failed save says where to look. */
const focusFirstError = () =>
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"] input')?.focus(),
  );

/** Splits a textarea into the lines it holds (empty ones kept while typing; the save drops them). */
const linesOf = (text: string) => (text === '' ? [] : text.split('\n'));

interface EditorProps {
  heading: string;
  initial: QuestionFormValues;
  /** The question's status now; null for a new question. */
  status: QuestionStatus | null;
  version?: number;
  statuses: QuestionStatus[];
  savedNote?: string;
  /** The stored media of the question's current version. */
  media?: MediaEntry[];
  onReload?: () => Promise<void>;
}

function QuestionEditor({
  heading,
  initial,
  status,
  version,
  statuses,
  savedNote,
  media: initialMedia = [],
  onReload,
}: EditorProps) {
  const navigate = useNavigate();
  const form = useForm<QuestionFormValues>({ mode: 'controlled', initialValues: initial, validate });
  const save = useSaveQuestion();
  const remove = useDeleteQuestion();
  const removeMedia = useRemoveMedia();
  const uploadMedia = useUploadMedia();
  const { media, ...mediaEdit } = useMediaEntries(initialMedia);
  const tree = useProductTree(initial.productUuid);
  const [baseVersion, setBaseVersion] = useState(version);
  const [pending, setPending] = useState<QuestionStatus | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [note, setNote] = useState(savedNote ?? null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reloading, setReloading] = useState(false);
  /** Set once a save or delete is done and the page moves on: the unsaved-changes guard stands aside. */
  const leaving = useRef(false);
  const isNew = status === null;
  const actions = orderedActions(status, statuses);
  const quick = quickSaveStatus(status, statuses);

  const run = async (to: QuestionStatus) => {
    if (pending) return;
    setFormError(null);
    setNote(null);
    if (to === 'DELETED' && !isNew) {
      setConfirmDelete(true);
      return;
    }
    if (form.validate().hasErrors) {
      focusFirstError();
      return;
    }
    if (needsCorrectAnswer(to) && !form.getValues().correctAnswerChoice) {
      form.setFieldError('correctAnswerChoice', 'Pick the correct answer first');
      focusFirstError();
      return;
    }
    setPending(to);
    try {
      const saved = await saveQuestionWithMedia(
        { to, current: status, baseVersion, media },
        {
          removeMedia: (e) =>
            removeMedia.mutateAsync({
              questionId: initial.uuid,
              mediaId: e.item!.uuid,
              mediaType: e.mediaType,
            }),
          saveQuestion: (s, from) =>
            save.mutateAsync({
              input: questionInputOf(form.getValues(), s, from),
              isNew: from === undefined,
            }),
          uploadMedia: (questionId, e) =>
            uploadMedia.mutateAsync({ questionId, mediaType: e.mediaType, file: e.file! }),
        },
        {
          // Each step lands in the editor as it happens: a save that stops halfway leaves it where the server is.
          removed: (e, v) => {
            setBaseVersion(v);
            mediaEdit.removed(e.key);
          },
          questionSaved: (done) => {
            form.resetDirty();
            setBaseVersion(done.version);
          },
          uploaded: (e, item, v) => {
            setBaseVersion(v);
            mediaEdit.uploaded(e, item);
          },
        },
      );
      setBaseVersion(saved.version);
      if (to !== (status ?? 'DRAFT')) {
        // A step of the workflow: the question's own page shows where it now stands.
        leaving.current = true;
        navigate(`/questions/${saved.uuid}`);
      } else if (isNew) {
        leaving.current = true;
        navigate(`/questions/${saved.uuid}/edit`, {
          replace: true,
          state: { savedNote: `Saved as version ${saved.version}.` },
        });
      } else setNote(`Saved as version ${saved.version}.`);
    } catch (e) {
      if (e instanceof MediaUploadFailed) {
        // SPEC §8: the question saved, its files may not have; the error page says to check and save again.
        leaving.current = true;
        navigate('/error?msgId=imageSaveFailed');
      } else if (e instanceof StatusMoveFailed) {
        const why = `Saved with its images and videos as version ${e.saved.version}, but not moved on: ${formErrorMessage(e.cause)}`;
        if (isNew) {
          leaving.current = true;
          navigate(`/questions/${e.saved.uuid}/edit`, { replace: true, state: { savedNote: why } });
        } else setFormError(why);
      } else if (isVersionConflict(e)) setConflict(true);
      else if (showQuestionFieldError(form, e)) focusFirstError();
      else setFormError(formErrorMessage(e));
    } finally {
      setPending(null);
    }
  };

  const deleteNow = async () => {
    try {
      await remove.mutateAsync(initial.uuid);
      leaving.current = true;
      setConfirmDelete(false);
      navigate('/questions');
    } catch (e) {
      setConfirmDelete(false);
      setFormError(formErrorMessage(e));
    }
  };

  useHotkeys([['mod+S', () => quick && void run(quick)]], [], true);

  const values = form.getValues();
  return (
    <Container size="xl" py="xl">
      <PageTitle name={heading} />
      <LeaveGuard when={() => !leaving.current && (form.isDirty() || hasMediaChanges(media))} />
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={isNew ? '/questions' : `/questions/${initial.uuid}`} size="sm">
            {isNew ? 'Back to My Questions' : 'Back to the question'}
          </Anchor>
          <Group gap="sm" mt={4}>
            <Title order={1}>{heading}</Title>
            {status && <StatusBadge status={status} />}
          </Group>
        </div>
        <Anchor href="#question-preview" hiddenFrom="lg" size="sm">
          Jump to the preview
        </Anchor>
        {conflict && (
          <Alert color="yellow" role="alert" title="This question was changed by someone else">
            <Text size="sm">
              Someone saved a newer version since you opened it. Reload to see their version; the changes you
              made here are then lost, so copy anything you want to keep first.
            </Text>
            <Button
              mt="sm"
              size="xs"
              variant="default"
              loading={reloading}
              onClick={async () => {
                setReloading(true);
                try {
                  await onReload?.();
                } finally {
                  setReloading(false);
                }
              }}
            >
              Reload
            </Button>
          </Alert>
        )}
        {formError && (
          <Alert color="red" role="alert" title="The question was not saved">
            {formError}
          </Alert>
        )}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <form onSubmit={(e) => e.preventDefault()} noValidate aria-label={heading}>
              <Stack gap="md">
                <TextInput
                  id="question-name"
                  label="Name"
                  description="For finding it in My Questions; learners do not see it."
                  maxLength={QUESTION_NAME_MAX}
                  {...form.getInputProps('name')}
                />
                <RichTextField
                  id="question-questionStem"
                  label="Stem"
                  description="The question as the learner reads it."
                  initialValue={initial.questionStem}
                  onChange={(html) => form.setFieldValue('questionStem', html)}
                  error={form.errors.questionStem}
                  required
                />
                <MediaList
                  entries={media}
                  mediaType="STEM"
                  onAdd={mediaEdit.add('STEM')}
                  onToggle={mediaEdit.toggle}
                />
                <ChoicesEditor form={form} />
                <RichTextField
                  id="question-explanation"
                  label="Explanation"
                  description="Shown with the correct answer: why it is right and the others are not."
                  initialValue={initial.explanation}
                  onChange={(html) => form.setFieldValue('explanation', html)}
                  error={form.errors.explanation}
                />
                <MediaList
                  entries={media}
                  mediaType="EXPLANATION"
                  onAdd={mediaEdit.add('EXPLANATION')}
                  onToggle={mediaEdit.toggle}
                />
                <Textarea
                  id="question-references"
                  label="References"
                  description="One per line; empty lines are dropped."
                  autosize
                  minRows={2}
                  value={values.references.join('\n')}
                  onChange={(e) => form.setFieldValue('references', linesOf(e.currentTarget.value))}
                  error={form.errors.references}
                  maxLength={REFERENCE_MAX * 10}
                />
                <Textarea
                  id="question-reinforcements"
                  label="Reinforcements"
                  description="Key points to remember, one per line; empty lines are dropped."
                  autosize
                  minRows={2}
                  value={values.reinforcements.join('\n')}
                  onChange={(e) => form.setFieldValue('reinforcements', linesOf(e.currentTarget.value))}
                  error={form.errors.reinforcements}
                />
                <Select
                  id="question-subcategoryUuid"
                  label="Placement"
                  description="The subcategory this question belongs to."
                  placeholder={tree.isPending ? 'Loading subjects…' : 'Not placed yet'}
                  data={subcategoryGroups(tree.data?.productTree)}
                  searchable
                  clearable
                  nothingFoundMessage="No subcategory by that name"
                  {...form.getInputProps('subcategoryUuid')}
                />
                <Checkbox
                  id="question-freeSample"
                  label="Free sample: learners on a free plan can practise with this question"
                  {...form.getInputProps('freeSample', { type: 'checkbox' })}
                />
                <Group gap="sm">
                  {actions.map((s) => (
                    <Button
                      key={s}
                      variant={s === 'DELETED' ? 'outline' : s === (status ?? 'DRAFT') ? 'default' : 'filled'}
                      color={s === 'DELETED' ? 'red.9' : undefined}
                      loading={pending === s}
                      disabled={pending !== null && pending !== s}
                      onClick={() => void run(s)}
                    >
                      {saveActionLabel(status, s)}
                    </Button>
                  ))}
                </Group>
                {quick && (
                  <Text size="sm" c="dimmed">
                    <Kbd>Ctrl</Kbd> + <Kbd>S</Kbd> (<Kbd>⌘</Kbd> + <Kbd>S</Kbd> on a Mac):{' '}
                    {saveActionLabel(status, quick)}
                  </Text>
                )}
                <Text size="sm" role="status" c="teal.9" fw={600}>
                  {note}
                </Text>
              </Stack>
            </form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper
              withBorder
              p="md"
              component="section"
              id="question-preview"
              aria-labelledby="question-preview-heading"
            >
              <Title order={2} size="h4" id="question-preview-heading">
                Preview
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                Exactly as a learner will see it.
              </Text>
              <QuestionView
                question={{
                  ...values,
                  stemMedia: shownMedia(media, 'STEM'),
                  explanationMedia: shownMedia(media, 'EXPLANATION'),
                }}
              />
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete this question?"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => void deleteNow()}
        onClose={() => setConfirmDelete(false)}
      >
        It leaves every list but Deleted. Its versions stay readable, but a deleted question's older versions
        cannot be restored.
      </ConfirmDialog>
    </Container>
  );
}

function EditorSkeleton({ heading }: { heading: string }) {
  return (
    <Container size="xl" py="xl">
      <PageTitle name={heading} />
      <Stack gap="md" role="status" aria-label="Loading the question">
        <Title order={1}>{heading}</Title>
        <Skeleton height={36} />
        <Skeleton height={180} />
        <Skeleton height={240} />
      </Stack>
    </Container>
  );
}

function EditorProblem({
  heading,
  children,
  retry,
}: {
  heading: string;
  children: string;
  retry?: () => void;
}) {
  return (
    <Container size="md" py="xl">
      <PageTitle name={heading} />
      <Title order={1} mb="lg">
        {heading}
      </Title>
      <Card withBorder p="lg" bg="gray.0">
        <Text>{children}</Text>
        <Group mt="md">
          {retry && <Button onClick={retry}>Retry</Button>}
          <Button component={Link} to="/questions" variant="default">
            Back to My Questions
          </Button>
        </Group>
      </Card>
    </Container>
  );
}

/** /questions/new: a new question, its uuid made once for this page so a retried save creates nothing new. */
export function NewQuestionPage() {
  const { user } = useAuth();
  const active = user ? activeSubscription(user) : null;
  const [initial] = useState(() => blankQuestion(active?.product.uuid ?? ''));
  if (!user || !active) return null;
  const statuses = newQuestionStatuses(active, user.superuser);
  if (statuses.length === 0)
    return (
      <EditorProblem heading="New question">
        Only question writers and admins write new questions. Auditors review them from My Questions.
      </EditorProblem>
    );
  return <QuestionEditor heading="New question" initial={initial} status={null} statuses={statuses} />;
}

/** /questions/:id/edit: the question's current version, saved over with the version it started from. */
export function EditQuestionPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const question = useQuestion(id);
  const allowed = useAllowedStatuses(id);
  const [revision, setRevision] = useState(0);
  const heading = 'Edit question';
  if (question.isPending || allowed.isPending) return <EditorSkeleton heading={heading} />;
  if (question.isError || allowed.isError) {
    const error = question.error ?? allowed.error;
    const missing = error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 400);
    return (
      <EditorProblem
        heading={heading}
        retry={
          missing
            ? undefined
            : () => {
                void question.refetch();
                void allowed.refetch();
              }
        }
      >
        {missing
          ? 'This question does not exist, or it is not yours to open.'
          : 'The question could not be loaded. Check your connection and try again.'}
      </EditorProblem>
    );
  }
  const q = question.data;
  if (!allowed.data.includes(q.status))
    return (
      <EditorProblem heading={heading}>
        {`This question is ${q.status === 'NEEDS_REVISION' ? 'waiting for revision' : q.status.toLowerCase()}, and your role cannot edit it now. Open it from My Questions to read it.`}
      </EditorProblem>
    );
  return (
    <QuestionEditor
      key={`${q.uuid}:${revision}`}
      heading={heading}
      initial={formValuesOf(q)}
      status={q.status}
      version={q.version}
      statuses={allowed.data}
      media={mediaEntriesOf(q)}
      savedNote={revision === 0 ? (location.state as { savedNote?: string } | null)?.savedNote : undefined}
      onReload={async () => {
        await Promise.all([question.refetch(), allowed.refetch()]);
        setRevision((r) => r + 1);
      }}
    />
  );
}
