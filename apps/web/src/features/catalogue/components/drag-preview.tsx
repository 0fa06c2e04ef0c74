import { DragOverlay } from '@dnd-kit/core';
import { Group, Paper, Text } from '@mantine/core';
import IconGripVertical from '@tabler/icons-react/dist/esm/icons/IconGripVertical.mjs';
import { heldQuestions, locate, NOUNS, type Tree } from '../lib/tree';
import classes from './tree.module.css';

/**
 * What follows the pointer while a row is dragged: its name on a lifted card. The row itself stays in the list,
 * faded, showing where it would land among its siblings; a parent's row lights up when it would take it.
 */
export function DragPreview({ tree, uuid }: { tree: Tree; uuid: string | null }) {
  const here = uuid ? locate(tree, uuid) : null;
  return (
    <DragOverlay dropAnimation={null}>
      {here && (
        <Paper withBorder shadow="md" className={classes.preview}>
          <Group gap="xs" wrap="nowrap">
            <IconGripVertical size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} className={classes.name}>
              {here.node.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {NOUNS[here.level].one} · {heldQuestions(here.node)} questions
            </Text>
          </Group>
        </Paper>
      )}
    </DragOverlay>
  );
}
