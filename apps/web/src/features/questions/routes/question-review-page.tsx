import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Kbd,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { QuestionStatus, StaffQuestion } from '@qbank/contract';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { formErrorMessage } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { useProductTree } from '../../catalogue/api/product-tree';
import {
  useAddComment,
  useAllowedStatuses,
  useDeleteQuestion,
  useQuestion,
  useSaveQuestion,
} from '../api/questions';
import { CommentThread } from '../components/comment-thread';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ItemStatisticsPanel } from '../components/item-statistics-panel';
import { PublishDialog } from '../components/publish-dialog';
import type { FromList } from '../components/question-list';
import { QuestionView } from '../components/question-view';
import { hasOpenRevision, RevisionNotice } from '../components/revision-notice';
import { SendBackDialog } from '../components/send-back-dialog';
import { StatusBadge } from '../components/status-badge';
import { VersionHistory } from '../components/version-history';
import { formatTime, personName } from '../lib/format';
import { placementLabel } from '../lib/placement';
import { statusChangeOf } from '../lib/question-form';
import { isVersionConflict } from '../lib/server-errors';
import { canOpenEditor, nextStepOf, revisesOnly, saveActionLabel } from '../lib/workflow';

const TITLE = 'Question';

/** J/K (or Alt+↓/↑) walk the list the question was opened from; the list's ids come in the router state. */
function useListWalk(id: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as FromList | null) ?? null;
  const ids = from?.ids ?? [];
  const index = ids.indexOf(id);
  const go = (to: number) => {
    const next = ids[to];
    if (index >= 0 && next) navigate(`/questions/${next}`, { state: from });
  };
  useHotkeys([
    ['J', () => go(index + 1)],
    ['K', () => go(index - 1)],
    ['alt+ArrowDown', () => go(index + 1)],
    ['alt+ArrowUp', () => go(index - 1)],
  ]);
  return { index, count: ids.length, listSearch: from?.listSearch ?? '' };
}

function Actions({
  question,
  allowed,
  onDone,
}: {
  question: StaffQuestion;
  allowed: QuestionStatus[];
  onDone: (message: string) => void;
}) {
  const navigate = useNavigate();
  const save = useSaveQuestion();
  const remove = useDeleteQuestion();
  const comment = useAddComment(question.uuid);
  const [sendingBack, setSendingBack] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [pending, setPending] = useState<QuestionStatus | null>(null);
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  // A writer or an auditor changes a published question by revising it in the editor, not by moving it here.
  const revising = revisesOnly(question.status, allowed);
  const moves = revising ? [] : allowed.filter((s) => s !== question.status);
  const canEdit = canOpenEditor(question.status, allowed);

  const move = async (to: QuestionStatus) => {
    setError(null);
    setPending(to);
    try {
      const saved = await save.mutateAsync({ input: statusChangeOf(question, to), isNew: false });
      onDone(`${saveActionLabel(question.status, to)}: done. This is now version ${saved.version}.`);
    } catch (e) {
      setError({ message: formErrorMessage(e), conflict: isVersionConflict(e) });
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        {canEdit && question.status !== 'DELETED' && (
          <Button
            component={Link}
            to={`/questions/${question.uuid}/edit`}
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {revising ? 'Revise' : 'Edit'}
          </Button>
        )}
        {moves.map((s) => (
          <Button
            key={s}
            variant={s === 'DELETED' ? 'outline' : 'filled'}
            color={s === 'DELETED' ? 'red.9' : s === 'NEEDS_REVISION' ? 'red.9' : undefined}
            loading={pending === s}
            disabled={pending !== null}
            onClick={() => {
              if (s === 'NEEDS_REVISION') setSendingBack(true);
              else if (s === 'DELETED') setDeleting(true);
              else if (s === 'PUBLISHED') setPublishing(true);
              else void move(s);
            }}
          >
            {saveActionLabel(question.status, s)}
          </Button>
        ))}
      </Group>
      {error && (
        <Alert
          color={error.conflict ? 'yellow' : 'red'}
          role="alert"
          title={error.conflict ? 'This question was changed by someone else' : 'That did not work'}
        >
          {error.conflict
            ? 'Someone saved a newer version meanwhile. Reload to see it, then try again.'
            : error.message}
          {error.conflict && (
            <Button size="xs" variant="default" ml="sm" onClick={() => navigate(0)}>
              Reload
            </Button>
          )}
        </Alert>
      )}
      <SendBackDialog
        opened={sendingBack}
        loading={comment.isPending || pending === 'NEEDS_REVISION'}
        onClose={() => setSendingBack(false)}
        onSend={async (text) => {
          try {
            await comment.mutateAsync(text);
          } catch (e) {
            setSendingBack(false);
            setError({ message: formErrorMessage(e), conflict: false });
            return;
          }
          setSendingBack(false);
          await move('NEEDS_REVISION');
        }}
      />
      <PublishDialog
        opened={publishing}
        replaces={hasOpenRevision(question) ? question.publishedVersion : null}
        onClose={() => setPublishing(false)}
        onConfirm={() => {
          setPublishing(false);
          void move('PUBLISHED');
        }}
      />
      <ConfirmDialog
        opened={deleting}
        title="Delete this question?"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(question.uuid);
            setDeleting(false);
            navigate('/questions');
          } catch (e) {
            setDeleting(false);
            setError({ message: formErrorMessage(e), conflict: false });
          }
        }}
      >
        It leaves every list but Deleted. Its versions stay readable, but a deleted question's older versions
        cannot be restored.
      </ConfirmDialog>
    </Stack>
  );
}

/** /questions/:id: the question as a learner sees it, its status and place, the thread, the actions and the history. */
export function QuestionReviewPage() {
  const { id = '' } = useParams();
  const question = useQuestion(id);
  const allowed = useAllowedStatuses(id);
  const tree = useProductTree(question.data?.productUuid);
  const walk = useListWalk(id);
  const [note, setNote] = useState<string | null>(null);
  const backTo = `/questions${walk.listSearch}`;

  if (question.isPending || allowed.isPending)
    return (
      <Container size="lg" py="xl">
        <PageTitle name={TITLE} />
        <Stack role="status" aria-label="Loading the question">
          <Skeleton height={36} width="60%" />
          <Skeleton height={220} />
        </Stack>
      </Container>
    );
  if (question.isError || allowed.isError) {
    const error = question.error ?? allowed.error;
    const missing = error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 400);
    return (
      <Container size="md" py="xl">
        <PageTitle name={TITLE} />
        <Title order={1} mb="lg">
          {missing ? 'Question not found' : 'The question could not be loaded'}
        </Title>
        <Card withBorder p="lg" bg="gray.0">
          <Text>
            {missing
              ? 'This question does not exist, or it is not yours to open.'
              : 'Check your connection and try again.'}
          </Text>
          <Group mt="md">
            {!missing && (
              <Button
                onClick={() => {
                  void question.refetch();
                  void allowed.refetch();
                }}
              >
                Retry
              </Button>
            )}
            <Button component={Link} to={backTo} variant="default">
              Back to My Questions
            </Button>
          </Group>
        </Card>
      </Container>
    );
  }
  const q = question.data;
  const title = q.name || 'Untitled question';
  const placement = placementLabel(tree.data?.productTree, q.subcategoryUuid);
  return (
    <Container size="lg" py="xl">
      <PageTitle name={q.name ? `${q.name} | ${TITLE}` : TITLE} />
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={backTo} size="sm">
            Back to My Questions
          </Anchor>
          <Group gap="sm" mt={4} wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <StatusBadge status={q.status} />
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            By {personName(q.author)} · version {q.version}, saved by {personName(q.editor)}{' '}
            <time dateTime={q.updatedAt}>{formatTime(q.updatedAt)}</time>
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {placement ?? 'Not placed in a subcategory yet'}
            {q.freeSample ? ' · Free sample' : ''}
          </Text>
          <Text size="sm" mt={4}>
            {nextStepOf(q.status)}
          </Text>
        </div>
        <RevisionNotice
          question={q}
          statuses={allowed.data}
          onDiscarded={(v) => setNote(`Revision discarded. This is now version ${v}, as learners see it.`)}
        />
        <Actions
          key={`${q.uuid}:${q.version}`}
          question={q}
          allowed={allowed.data}
          onDone={(message) => setNote(message)}
        />
        <Text role="status" size="sm" fw={600} c="teal.9">
          {note}
        </Text>
        {walk.index >= 0 && walk.count > 1 && (
          <Text size="sm" c="dimmed">
            Question {walk.index + 1} of {walk.count} in your list. <Kbd>J</Kbd> or <Kbd>Alt</Kbd> +{' '}
            <Kbd>↓</Kbd>: next; <Kbd>K</Kbd> or <Kbd>Alt</Kbd> + <Kbd>↑</Kbd>: previous.
          </Text>
        )}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="md" component="section" aria-labelledby="learner-view-heading">
              <Title order={2} size="h3" id="learner-view-heading" mb="sm">
                As the learner sees it
              </Title>
              <QuestionView
                key={q.version}
                question={{ ...q, stemMedia: q.stemMediaUrls, explanationMedia: q.explanationMediaUrls }}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <ItemStatisticsPanel question={q} />
              <CommentThread questionId={q.uuid} />
            </Stack>
          </Grid.Col>
        </Grid>
        <VersionHistory
          questionId={q.uuid}
          currentVersion={q.version}
          publishedVersion={q.publishedVersion}
          canRestore={allowed.data.includes(q.status)}
          onRestored={(v) => setNote(`Restored. This is now version ${v}.`)}
        />
      </Stack>
    </Container>
  );
}
