import { ActionIcon, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import { useState } from 'react';
import {
  allLeaves,
  availableIn,
  type Counts,
  checkState,
  type PickerNode,
  toggle,
} from '../lib/tree-selection';

interface PickerProps {
  nodes: PickerNode[];
  counts: Counts;
  selected: ReadonlySet<string>;
  onChange(next: Set<string>): void;
}

/** The count beside a name, in a grey that still reads at WCAG AA. */
const countLabel = (name: string, n: number) => (
  <>
    {name}{' '}
    <Text span c="gray.7" size="sm">
      ({n})
    </Text>
  </>
);

/** One node's checkbox: disabled with nothing available, indeterminate when partly chosen. */
function NodeCheckbox({
  node,
  counts,
  selected,
  onChange,
}: Omit<PickerProps, 'nodes'> & { node: PickerNode }) {
  const state = checkState(node.leaves, selected, counts);
  return (
    <Checkbox
      label={countLabel(node.name, availableIn(node, counts))}
      checked={state === 'checked'}
      indeterminate={state === 'indeterminate'}
      disabled={state === 'disabled'}
      onChange={() => onChange(toggle(node.leaves, selected, counts))}
      fw={node.level === 'subject' ? 600 : undefined}
      styles={{ label: { overflowWrap: 'anywhere' } }}
    />
  );
}

/** A button that shows or hides a node's children (a category's subcategories start folded). */
function FoldButton({
  open,
  name,
  what,
  onToggle,
}: {
  open: boolean;
  name: string;
  what: string;
  onToggle(): void;
}) {
  const Icon = open ? IconChevronDown : IconChevronRight;
  return (
    <ActionIcon
      variant="subtle"
      color="gray.7"
      size="sm"
      aria-expanded={open}
      aria-label={`${open ? 'Hide' : 'Show'} the ${what} of ${name}`}
      onClick={onToggle}
    >
      <Icon size={16} aria-hidden />
    </ActionIcon>
  );
}

/** A category with its subcategories (folded until asked for). */
function CategoryRow(props: Omit<PickerProps, 'nodes'> & { node: PickerNode }) {
  const { node } = props;
  const [open, setOpen] = useState(false);
  return (
    <li>
      <Group gap={4} wrap="nowrap" align="center">
        <NodeCheckbox {...props} />
        {node.children.length > 0 && (
          <FoldButton open={open} name={node.name} what="subcategories" onToggle={() => setOpen((o) => !o)} />
        )}
      </Group>
      {open && (
        <Stack component="ul" gap={6} mt={6} mb={0} pl="lg" style={{ listStyle: 'none' }}>
          {node.children.map((s) => (
            <li key={s.uuid}>
              <NodeCheckbox {...props} node={s} />
            </li>
          ))}
        </Stack>
      )}
    </li>
  );
}

/**
 * Start Test's choice of subjects, categories and subcategories, with the questions each holds for the chosen
 * pools. A subject shows its categories; a category's subcategories unfold on request.
 */
export function CreateTreePicker(props: PickerProps) {
  const { nodes, counts, selected, onChange } = props;
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const leaves = allLeaves(nodes);
  const all = checkState(leaves, selected, counts);
  return (
    <Stack gap="sm">
      <Checkbox
        label={countLabel('Select all', availableIn({ leaves }, counts))}
        checked={all === 'checked'}
        indeterminate={all === 'indeterminate'}
        disabled={all === 'disabled'}
        onChange={() => onChange(toggle(leaves, selected, counts))}
        fw={600}
      />
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Subjects">
        {nodes.map((subject) => {
          const open = !folded.has(subject.uuid);
          return (
            <Paper component="li" key={subject.uuid} withBorder p="sm">
              <Group gap={4} wrap="nowrap" justify="space-between" align="center">
                <NodeCheckbox {...props} node={subject} />
                {subject.children.length > 0 && (
                  <FoldButton
                    open={open}
                    name={subject.name}
                    what="categories"
                    onToggle={() =>
                      setFolded((f) => {
                        const next = new Set(f);
                        if (open) next.add(subject.uuid);
                        else next.delete(subject.uuid);
                        return next;
                      })
                    }
                  />
                )}
              </Group>
              {open && subject.children.length > 0 && (
                <Stack component="ul" gap={6} mt="xs" mb={0} pl="lg" style={{ listStyle: 'none' }}>
                  {subject.children.map((category) => (
                    <CategoryRow key={category.uuid} {...props} node={category} />
                  ))}
                </Stack>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
