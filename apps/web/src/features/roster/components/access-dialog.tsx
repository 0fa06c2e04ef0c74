import { Button, Group, Text } from '@mantine/core';
import type { StudentAccessAction } from '@qbank/contract';
import { Dialog } from '../../../components/dialog';
import { notifyError } from '../../../components/notify-error';
import { useStudentAccess } from '../api/students';

const count = (n: number) => (n === 1 ? '1 student' : `${n} students`);

/** What each change is called, and what it does, in the instructor's words. */
const WORDS: Record<StudentAccessAction, { verb: string; done: string; explain: string }> = {
  SUSPEND: {
    verb: 'Suspend',
    done: 'suspended',
    explain:
      'Their access to this QBank ends at once, and a test they are taking is paused. They stay on the list, ' +
      'marked Suspended; their tests and figures are kept. Buying the QBank again does not give access back: ' +
      'restore them when they may return.',
  },
  REMOVE: {
    verb: 'Remove',
    done: 'removed',
    explain:
      'Their access to this QBank ends at once, and a test they are taking is paused. They leave the Students ' +
      'list (choose Access: Removed to find them); their tests and figures are kept, and you can restore them.',
  },
  RESTORE: {
    verb: 'Restore',
    done: 'restored',
    explain:
      'Their access comes back as their subscription gives it: a student whose subscription has ended still ' +
      'needs to renew it.',
  },
};

/**
 * Asks before suspending, removing or restoring students, then does it. `onDone` gets the sentence to
 * announce ("2 students suspended").
 */
export function AccessDialog({
  productId,
  action,
  userUuids,
  names,
  onClose,
  onDone,
}: {
  productId: string;
  /** The change asked for; null: the dialog is closed. */
  action: StudentAccessAction | null;
  userUuids: string[];
  /** The student's name when there is one, for the title. */
  names?: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const access = useStudentAccess(productId);
  const words = action ? WORDS[action] : null;
  const who = names ?? count(userUuids.length);
  const confirm = () => {
    if (!action || !words) return;
    access.mutate(
      { action, userUuids },
      {
        onSuccess: ({ changed }) => {
          onDone(
            changed === 0 ? `Nothing changed: already ${words.done}` : `${count(changed)} ${words.done}`,
          );
          onClose();
        },
        onError: (e) => notifyError(`${who} could not be ${words.done}`, e),
      },
    );
  };
  return (
    <Dialog
      opened={action !== null}
      onClose={() => !access.isPending && onClose()}
      title={words ? `${words.verb} ${who}?` : ''}
    >
      {words && (
        <>
          <Text>{words.explain}</Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={access.isPending} data-autofocus>
              Cancel
            </Button>
            <Button
              color={action === 'RESTORE' ? undefined : 'red.9'}
              loading={access.isPending}
              onClick={confirm}
            >
              {words.verb}
            </Button>
          </Group>
        </>
      )}
    </Dialog>
  );
}
