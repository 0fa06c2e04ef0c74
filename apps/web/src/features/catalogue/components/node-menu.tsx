import { ActionIcon, Menu } from '@mantine/core';
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
import IconCornerDownRight from '@tabler/icons-react/dist/esm/icons/IconCornerDownRight.mjs';
import IconDots from '@tabler/icons-react/dist/esm/icons/IconDots.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { focusKey } from '../lib/focus';
import { CHILD_LEVEL, NOUNS, parentChoices, type TreeLevel, type TreeNode } from '../lib/tree';
import { useTreeEditor } from './tree-editor-context';

/**
 * A row's actions. Move up, Move down and Move to… do with the keyboard or a tap what dragging does, for
 * everyone who cannot or would rather not drag.
 */
export function NodeMenu({
  node,
  level,
  index,
  count,
}: {
  node: TreeNode;
  level: TreeLevel;
  index: number;
  count: number;
}) {
  const editor = useTreeEditor();
  const childLevel = CHILD_LEVEL[level];
  const canMoveTo = level !== 'subject' && parentChoices(editor.tree, node.uuid).length > 0;
  const icon = (Icon: typeof IconDots) => <Icon size={16} aria-hidden />;
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon
          data-focus-key={focusKey.menu(node.uuid)}
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label={`Actions for ${node.name}`}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={icon(IconPencil)} onClick={() => editor.startRename(node.uuid)}>
          Rename
        </Menu.Item>
        {childLevel && (
          <Menu.Item leftSection={icon(IconPlus)} onClick={() => editor.startAdd(node.uuid)}>
            Add {NOUNS[childLevel].one}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={icon(IconArrowUp)}
          disabled={index === 0}
          onClick={() => editor.moveBy(node.uuid, -1)}
        >
          Move up
        </Menu.Item>
        <Menu.Item
          leftSection={icon(IconArrowDown)}
          disabled={index === count - 1}
          onClick={() => editor.moveBy(node.uuid, 1)}
        >
          Move down
        </Menu.Item>
        {level !== 'subject' && (
          <Menu.Item
            leftSection={icon(IconCornerDownRight)}
            disabled={!canMoveTo}
            onClick={() => editor.openMoveTo(node.uuid)}
          >
            Move to…
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={icon(IconTrash)} color="red.9" onClick={() => editor.openDelete(node.uuid)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
