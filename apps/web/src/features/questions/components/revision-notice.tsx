import { Alert, Button, Text } from '@mantine/core';
import type { QuestionStatus, StaffQuestion } from '@qbank/contract';
import { useState } from 'react';
import { formErrorMessage } from '../../../lib/form-errors';
import { useDiscardRevision } from '../api/questions';
import { revisesOnly } from '../lib/workflow';
import { ConfirmDialog } from './confirm-dialog';

/** Whether a question has a revision in the workflow: a published version older than its current one. */
export const hasOpenRevision = (q: Pick<StaffQuestion, 'publishedVersion' | 'version' | 'status'>) =>
  q.publishedVersion !== null && q.publishedVersion !== q.version && q.status !== 'DELETED';

/**
 * What learners get while a question is revised (decision 0028), on the question's page and in its editor: a
 * revision in the workflow ("Learners see the published version (v3) until this revision is published"), with
 * Discard for those who may act on it; or, in the editor of a published question, that saving starts a
 * revision (a writer, an auditor) or changes what learners see at once (an admin). Nothing otherwise.
 */
export function RevisionNotice({
  question,
  statuses,
  editing = false,
  onDiscarded,
}: {
  question: Pick<StaffQuestion, 'uuid' | 'publishedVersion' | 'version' | 'status'>;
  /** The statuses the caller may save the question with (allowedStatuses). */
  statuses: readonly QuestionStatus[];
  /** In the editor: also explains that saving a published question starts a revision. */
  editing?: boolean;
  onDiscarded: (version: number) => void;
}) {
  const discard = useDiscardRevision();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const published = question.publishedVersion;

  if (published !== null && editing && revisesOnly(question.status, statuses))
    return (
      <Alert color="blue" role="note" title="Saving starts a revision">
        Learners see this published version (v{published}). Your changes go through review as a revision, and
        learners keep version {published} until the revision is published.
      </Alert>
    );
  if (published !== null && editing && question.status === 'PUBLISHED' && statuses.includes('PUBLISHED'))
    return (
      <Alert color="blue" role="note" title="Learners see this version">
        Save changes it for them at once. Save as a draft revision to have your changes reviewed first;
        learners keep version {published} until the revision is published.
      </Alert>
    );
  if (published === null || !hasOpenRevision(question)) return null;
  // Those who may act on the revision where it is in the workflow may discard it.
  const canDiscard = statuses.length > 0;
  return (
    <Alert color="blue" role="note" title="A revision of a published question">
      <Text size="sm">
        Learners see the published version (v{published}) until this revision is published.
      </Text>
      {canDiscard && (
        <Button size="xs" variant="default" mt="sm" onClick={() => setConfirming(true)}>
          Discard the revision
        </Button>
      )}
      {error && (
        <Text size="sm" c="red.9" role="alert" mt="xs">
          {error}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Discard this revision?"
        confirmLabel="Discard the revision"
        danger
        loading={discard.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setError(null);
          try {
            const saved = await discard.mutateAsync(question.uuid);
            setConfirming(false);
            onDiscarded(saved.version);
          } catch (e) {
            setConfirming(false);
            setError(formErrorMessage(e));
          }
        }}
      >
        The question goes back to version {published}, as learners see it. The revision stays in the version
        history.
      </ConfirmDialog>
    </Alert>
  );
}
