import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { locate, NOUNS, PARENT_LEVEL, type Placement, parentChoices, type Tree } from '../lib/tree';

/**
 * "Move to…": a category to another subject, a subcategory to another category, chosen from a list. The node
 * goes last there, with everything under it. Always mounted, so that closing returns the focus to the menu.
 */
export function MoveDialog({
  tree,
  uuid,
  onMove,
  onClose,
}: {
  tree: Tree;
  /** The node to move; null keeps the dialog closed. */
  uuid: string | null;
  onMove: (uuid: string, parentUuid: string) => void;
  onClose: () => void;
}) {
  const found = uuid ? locate(tree, uuid) : null;
  // While it closes the dialog still shows the node it was about.
  const last = useRef<Placement | null>(null);
  if (found) last.current = found;
  const here = found ?? last.current;
  const groups = here ? parentChoices(tree, here.node.uuid) : [];
  const first = groups[0]?.items[0]?.value ?? '';
  const [parent, setParent] = useState(first);
  // Each opening starts from the first choice.
  useEffect(() => {
    if (uuid) setParent(first);
  }, [uuid, first]);

  const parentLevel = here ? PARENT_LEVEL[here.level] : null;
  return (
    <Dialog opened={!!found} onClose={onClose} title={here ? `Move ${here.node.name}` : ''}>
      {here && parentLevel && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (parent) onMove(here.node.uuid, parent);
          }}
        >
          <Text size="sm" mb="sm">
            The {NOUNS[here.level].one} goes last in the {NOUNS[parentLevel].one} you choose, with everything
            under it.
          </Text>
          <NativeSelect
            label={`New ${NOUNS[parentLevel].one}`}
            // Subjects need no heading of their own; categories are grouped by their subject.
            data={here.level === 'category' ? (groups[0]?.items ?? []) : groups}
            value={parent}
            onChange={(e) => setParent(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!parent}>
              Move
            </Button>
          </Group>
        </form>
      )}
    </Dialog>
  );
}
