import { ConfirmDialog } from './confirm-dialog';

/**
 * Publish asks first: learners get what is published. A revision replaces the version learners have
 * (`replaces`); tests already started keep the version they drew.
 */
export function PublishDialog({
  opened,
  replaces,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  replaces: number | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      title={replaces === null ? 'Publish this question?' : 'Publish this revision?'}
      confirmLabel="Publish"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {replaces === null
        ? 'Learners subscribed to this QBank will see it in their tests and when they browse. Later changes by its writer or an auditor go through review as a revision; learners keep this version until one is published.'
        : `Learners get this version instead of version ${replaces} in new tests and when they browse. Tests already started keep the version they drew.`}
    </ConfirmDialog>
  );
}
