import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { activeSubscription, type QuestionStatus } from '@qbank/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { HttpError } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';
import { useAllowedStatuses, useQuestion } from '../api/questions';
import { CommentThread } from '../components/comment-thread';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ConflictAlert } from '../components/conflict-alert';
import { LeaveGuard } from '../components/leave-guard';
import { PublishDialog } from '../components/publish-dialog';
import { QuestionFields } from '../components/question-fields';
import { QuestionPreview } from '../components/question-preview';
import { hasOpenRevision, RevisionNotice } from '../components/revision-notice';
import { SaveActions } from '../components/save-actions';
import { StatusBadge } from '../components/status-badge';
import { useMediaEntries } from '../hooks/use-media-entries';
import { useQuestionSave } from '../hooks/use-question-save';
import { hasMediaChanges, type MediaEntry, mediaEntriesOf } from '../lib/media';
import { validateQuestion } from '../lib/question-checks';
import { blankQuestion, formValuesOf, type QuestionFormValues } from '../lib/question-form';
import { canOpenEditor, newQuestionStatuses, nextStepOf } from '../lib/workflow';

interface EditorProps {
  heading: string;
  initial: QuestionFormValues;
  /** The question's status now; null for a new question. */
  status: QuestionStatus | null;
  version?: number;
  /** The version learners get (null: none); older than `version` while a revision is in the workflow. */
  publishedVersion?: number | null;
  statuses: QuestionStatus[];
  savedNote?: string;
  /** The stored media of the question's current version. */
  media?: MediaEntry[];
  onReload?: () => Promise<void>;
}

/** The editor: its fields and actions beside the preview, guarded against leaving with unsaved changes. */
function QuestionEditor({
  heading,
  initial,
  status,
  version,
  publishedVersion = null,
  statuses,
  savedNote,
  media: initialMedia = [],
  onReload,
}: EditorProps) {
  const navigate = useNavigate();
  const form = useForm<QuestionFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: validateQuestion,
  });
  const mediaEntries = useMediaEntries(initialMedia);
  const { media } = mediaEntries;
  const editor = useQuestionSave({
    form,
    questionId: initial.uuid,
    status,
    version,
    savedNote,
    mediaEntries,
  });
  const isNew = status === null;

  return (
    <Container size="xl" py="xl">
      <PageTitle name={heading} />
      <LeaveGuard when={() => !editor.leaving.current && (form.isDirty() || hasMediaChanges(media))} />
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={isNew ? '/questions' : `/questions/${initial.uuid}`} size="sm">
            {isNew ? 'Back to My Questions' : 'Back to the question'}
          </Anchor>
          <Group gap="sm" mt={4}>
            <Title order={1}>{heading}</Title>
            {status && <StatusBadge status={status} />}
          </Group>
          {status && (
            <Text size="sm" mt={4}>
              {nextStepOf(status)}
            </Text>
          )}
        </div>
        {status && version !== undefined && (
          <RevisionNotice
            question={{ uuid: initial.uuid, status, version, publishedVersion }}
            statuses={statuses}
            editing
            onDiscarded={() => {
              editor.leaving.current = true;
              navigate(`/questions/${initial.uuid}`);
            }}
          />
        )}
        <Anchor href="#question-preview" hiddenFrom="lg" size="sm">
          Jump to the preview
        </Anchor>
        {editor.conflict && <ConflictAlert onReload={onReload} />}
        {editor.formError && (
          <Alert color="red" role="alert" title="The question was not saved">
            {editor.formError}
          </Alert>
        )}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {/* The review thread, so a writer revising a question reads what the auditor asked for. */}
            {!isNew && (
              <Paper withBorder p="md" mb="lg">
                <CommentThread questionId={initial.uuid} />
              </Paper>
            )}
            <form onSubmit={(e) => e.preventDefault()} noValidate aria-label={heading}>
              <Stack gap="md">
                <QuestionFields form={form} initial={initial} mediaEntries={mediaEntries} />
                <SaveActions
                  status={status}
                  statuses={statuses}
                  pending={editor.pending}
                  note={editor.note}
                  onRun={(to) => void editor.run(to)}
                />
              </Stack>
            </form>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <QuestionPreview values={form.getValues()} media={media} />
          </Grid.Col>
        </Grid>
      </Stack>
      <PublishDialog
        opened={editor.publish.confirming}
        replaces={
          status !== null && version !== undefined && hasOpenRevision({ status, version, publishedVersion })
            ? publishedVersion
            : null
        }
        onConfirm={editor.publish.confirm}
        onClose={editor.publish.cancel}
      />
      <ConfirmDialog
        opened={editor.delete.confirming}
        title="Delete this question?"
        confirmLabel="Delete"
        danger
        loading={editor.delete.deleting}
        onConfirm={() => void editor.delete.confirm()}
        onClose={editor.delete.cancel}
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
  if (!canOpenEditor(q.status, allowed.data))
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
      publishedVersion={q.publishedVersion}
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
