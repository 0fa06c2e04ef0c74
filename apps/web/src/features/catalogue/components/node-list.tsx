import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ActionIcon, Button, CloseButton, Group, Text } from '@mantine/core';
import IconAlertCircle from '@tabler/icons-react/dist/esm/icons/IconAlertCircle.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconGripVertical from '@tabler/icons-react/dist/esm/icons/IconGripVertical.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import type { CSSProperties } from 'react';
import { type IntoDropData, intoId, type NodeDragData } from '../lib/dnd';
import { focusKey } from '../lib/focus';
import { CHILD_LEVEL, capitalised, NOUNS, type TreeLevel, type TreeNode } from '../lib/tree';
import { NameForm } from './name-form';
import { NodeMenu } from './node-menu';
import { QuestionCounts } from './question-counts';
import classes from './tree.module.css';
import { useTreeEditor } from './tree-editor-context';

// A list of nodes and a node with its open list of children render each other: both live in this one module, so
// the recursion is a function calling a function, not two modules importing each other (a cycle).

/** The children of one parent, sortable among themselves, then the way to add one more. */
export function NodeList({
  level,
  parentUuid,
  parentName,
  nodes,
}: {
  level: TreeLevel;
  /** The product's uuid for the subjects. */
  parentUuid: string;
  parentName: string;
  nodes: readonly TreeNode[];
}) {
  const noun = NOUNS[level];
  return (
    <>
      <SortableContext
        id={`list-${parentUuid}`}
        items={nodes.map((n) => n.uuid)}
        strategy={verticalListSortingStrategy}
      >
        {nodes.length > 0 && (
          <ul
            className={classes.list}
            aria-label={level === 'subject' ? 'Subjects' : `${capitalised(noun.many)} of ${parentName}`}
          >
            {nodes.map((node, index) => (
              <TreeNodeItem
                key={node.uuid}
                node={node}
                level={level}
                parentUuid={parentUuid}
                index={index}
                count={nodes.length}
              />
            ))}
          </ul>
        )}
      </SortableContext>
      {level !== 'subject' && nodes.length === 0 && (
        <Text size="sm" c="dimmed" className={classes.none}>
          No {noun.many} yet.
        </Text>
      )}
      <AddNode level={level} parentUuid={parentUuid} parentName={parentName} />
    </>
  );
}

/** "Add category" under a subject's categories (and so on), opening a name field in place. */
export function AddNode({
  level,
  parentUuid,
  parentName,
}: {
  level: TreeLevel;
  parentUuid: string;
  parentName: string;
}) {
  const editor = useTreeEditor();
  const noun = NOUNS[level];
  const where = level === 'subject' ? '' : ` to ${parentName}`;
  if (editor.addingTo !== parentUuid)
    return (
      <Button
        data-focus-key={focusKey.add(parentUuid)}
        variant="subtle"
        size="compact-sm"
        className={classes.add}
        leftSection={<IconPlus size={14} aria-hidden />}
        aria-label={`Add ${noun.one}${where}`}
        onClick={() => editor.startAdd(parentUuid)}
      >
        Add {noun.one}
      </Button>
    );
  return (
    <div className={classes.addForm}>
      <NameForm
        variant="add"
        label={level === 'subject' ? 'New subject' : `New ${noun.one} in ${parentName}`}
        onSave={(name) => editor.create(level, parentUuid, name)}
        onCancel={editor.cancelAdd}
      />
    </div>
  );
}

/**
 * One subject, category or subcategory: its drag handle, its expand button (not for a subcategory), its name
 * (or the field renaming it), its counts and its menu; a message about its last change; and, open, its children.
 * The whole item moves when dragged, its children with it; its row alone takes nodes dropped into it.
 */
export function TreeNodeItem({
  node,
  level,
  parentUuid,
  index,
  count,
}: {
  node: TreeNode;
  level: TreeLevel;
  parentUuid: string;
  index: number;
  count: number;
}) {
  const editor = useTreeEditor();
  const childLevel = CHILD_LEVEL[level];
  const sortable = useSortable({
    id: node.uuid,
    data: { kind: 'node', level, parentUuid } satisfies NodeDragData,
  });
  const into = useDroppable({
    id: intoId(node.uuid),
    data: { kind: 'into', level, uuid: node.uuid } satisfies IntoDropData,
    disabled: childLevel === null,
  });
  const expanded = childLevel !== null && editor.isExpanded(node.uuid);
  const renaming = editor.renaming?.uuid === node.uuid ? editor.renaming : null;
  const note = editor.noteOf(node.uuid);
  const childrenId = `tree-children-${node.uuid}`;
  const { transform, transition, isDragging } = sortable;
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };

  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={classes.item}
      data-dragging={isDragging || undefined}
    >
      <div
        ref={into.setNodeRef}
        className={classes.row}
        data-level={level}
        data-over={into.isOver || undefined}
      >
        <ActionIcon
          ref={sortable.setActivatorNodeRef}
          data-focus-key={focusKey.handle(node.uuid)}
          variant="subtle"
          color="gray.8"
          size="lg"
          className={classes.handle}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Drag ${node.name}`}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        {childLevel ? (
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            data-focus-key={focusKey.toggle(node.uuid)}
            aria-expanded={expanded}
            aria-controls={expanded ? childrenId : undefined}
            aria-label={`${capitalised(NOUNS[childLevel].many)} of ${node.name}`}
            onClick={() => editor.toggle(node.uuid)}
          >
            <IconChevronRight
              size={18}
              aria-hidden
              className={classes.chevron}
              data-open={expanded || undefined}
            />
          </ActionIcon>
        ) : (
          <span className={classes.spacer} />
        )}
        <div className={classes.main}>
          {renaming ? (
            <NameForm
              variant="rename"
              label={`New name for ${node.name}`}
              initialName={renaming.name}
              initialError={renaming.error}
              onSave={(name) => editor.rename(node.uuid, name)}
              onCancel={editor.cancelRename}
            />
          ) : (
            <Text fw={level === 'subject' ? 600 : 500} className={classes.name}>
              {node.name}
            </Text>
          )}
          <Group gap={6} wrap="wrap">
            <QuestionCounts node={node} />
            {childLevel && (
              <Text size="xs" c="dimmed" component="span">
                · {node.children.length}{' '}
                {node.children.length === 1 ? NOUNS[childLevel].one : NOUNS[childLevel].many}
              </Text>
            )}
          </Group>
        </div>
        <NodeMenu node={node} level={level} index={index} count={count} />
      </div>
      {note && (
        <Group gap="xs" wrap="nowrap" className={classes.note} role="alert">
          <IconAlertCircle size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="red.9" style={{ flex: 1 }}>
            {note}
          </Text>
          <CloseButton
            size="sm"
            aria-label={`Dismiss the message about ${node.name}`}
            onClick={() => editor.dismissNote(node.uuid)}
          />
        </Group>
      )}
      {expanded && childLevel && (
        <div id={childrenId} className={classes.children}>
          <NodeList level={childLevel} parentUuid={node.uuid} parentName={node.name} nodes={node.children} />
        </div>
      )}
    </li>
  );
}
