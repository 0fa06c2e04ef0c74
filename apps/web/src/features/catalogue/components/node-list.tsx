import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Text } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { focusKey } from '../lib/focus';
import { capitalised, NOUNS, type TreeLevel, type TreeNode } from '../lib/tree';
import { NameForm } from './name-form';
import classes from './tree.module.css';
import { useTreeEditor } from './tree-editor-context';
import { TreeNodeItem } from './tree-node';

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
