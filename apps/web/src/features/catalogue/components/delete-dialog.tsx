import { Button, Group, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { CHILD_LEVEL, heldQuestions, locate, NOUNS, type Placement, type Tree } from '../lib/tree';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "its 2 categories and 5 subcategories": what goes with a node when it is deleted; null for nothing. */
function whatGoesWith({ node, level }: Placement): string | null {
  const below = CHILD_LEVEL[level];
  if (!below || node.children.length === 0) return null;
  const children = plural(node.children.length, NOUNS[below].one, NOUNS[below].many);
  const grandchildren = node.children.reduce((n, c) => n + c.children.length, 0);
  return grandchildren > 0
    ? `its ${children} and ${plural(grandchildren, 'subcategory', 'subcategories')}`
    : `its ${children}`;
}

/**
 * Asks before deleting a node and everything under it. A node that still holds questions (as far as the tree's
 * counts tell) cannot be deleted: the dialog says why and offers no Delete. Should the server still refuse (the
 * counts were stale), the dialog closes and the editor shows the refusal beside the node. Always mounted, so
 * that closing returns the focus to the menu.
 */
export function DeleteDialog({
  tree,
  uuid,
  onDelete,
  onClose,
}: {
  tree: Tree;
  uuid: string | null;
  /** Resolves once the server has answered, whatever it said. */
  onDelete: (uuid: string) => Promise<void>;
  onClose: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const found = uuid ? locate(tree, uuid) : null;
  // While it closes (and once the node is gone) the dialog still shows the node it was about.
  const last = useRef<Placement | null>(null);
  if (found) last.current = found;
  const shown = found ?? last.current;
  const noun = shown ? NOUNS[shown.level].one : '';
  const held = shown ? heldQuestions(shown.node) : 0;
  const withIt = shown ? whatGoesWith(shown) : null;
  const confirm = async (id: string) => {
    setDeleting(true);
    try {
      await onDelete(id);
    } finally {
      setDeleting(false);
    }
  };
  const blocked = held > 0;
  return (
    <Dialog
      opened={!!uuid}
      onClose={() => !deleting && onClose()}
      title={
        shown
          ? blocked
            ? `The ${noun} ${shown.node.name} cannot be deleted yet`
            : `Delete ${noun} ${shown.node.name}?`
          : ''
      }
    >
      {shown && blocked && (
        <>
          <Text>
            It holds {plural(held, 'question', 'questions')} (drafts and questions in review count too). Move
            them to another subcategory or delete them first; then the {noun} can be deleted.
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </>
      )}
      {shown && !blocked && (
        <>
          <Text>
            {withIt
              ? `${shown.node.name} and ${withIt} will be deleted.`
              : `${shown.node.name} will be deleted.`}{' '}
            This cannot be undone.
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={deleting} data-autofocus>
              Cancel
            </Button>
            <Button color="red.9" loading={deleting} onClick={() => void confirm(shown.node.uuid)}>
              Delete
            </Button>
          </Group>
        </>
      )}
    </Dialog>
  );
}
