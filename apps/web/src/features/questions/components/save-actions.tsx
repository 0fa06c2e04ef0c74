import { Button, Group, Kbd, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { QuestionStatus } from '@qbank/contract';
import { orderedActions, quickSaveStatus, saveActionLabel } from '../lib/workflow';

/**
 * The editor's buttons, one per action the role may take from the question's status (save, the workflow's
 * steps, delete), with Ctrl/⌘+S for the quick save and the note of the last save.
 */
export function SaveActions({
  status,
  statuses,
  pending,
  note,
  onRun,
}: {
  /** The question's status now; null for a new question. */
  status: QuestionStatus | null;
  statuses: QuestionStatus[];
  /** The action running. */
  pending: QuestionStatus | null;
  note: string | null;
  onRun: (to: QuestionStatus) => void;
}) {
  const actions = orderedActions(status, statuses);
  const quick = quickSaveStatus(status, statuses);
  useHotkeys([['mod+S', () => quick && onRun(quick)]], [], true);
  return (
    <>
      <Group gap="sm">
        {actions.map((s) => (
          <Button
            key={s}
            variant={s === 'DELETED' ? 'outline' : s === (quick ?? status ?? 'DRAFT') ? 'default' : 'filled'}
            color={s === 'DELETED' ? 'red.9' : undefined}
            loading={pending === s}
            disabled={pending !== null && pending !== s}
            onClick={() => onRun(s)}
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
    </>
  );
}
