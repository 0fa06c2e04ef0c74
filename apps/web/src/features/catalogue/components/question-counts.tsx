import { Popover, Table, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QUESTION_STATUSES, STATUS_LABELS } from '@qbank/contract';
import { heldQuestions, type TreeNode } from '../lib/tree';
import classes from './tree.module.css';

const questions = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

/**
 * How many questions a node holds. Staff see every status but Deleted added up (what a deletion counts), and
 * open it for the count of each status; anyone else sees the published count the tree gives them.
 */
export function QuestionCounts({ node }: { node: TreeNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const counts = node.statusCounts;
  if (!counts)
    return (
      <Text size="xs" c="dimmed" component="span">
        {node.questionCount} published
      </Text>
    );
  const held = heldQuestions(node);
  return (
    <Popover position="bottom-start" withArrow shadow="md" opened={opened} onChange={(o) => !o && close()}>
      <Popover.Target>
        <UnstyledButton
          className={classes.counts}
          onClick={toggle}
          // The focus stays on the button (the table has nothing to focus): Escape closes from here.
          onKeyDown={(e) => {
            if (e.key === 'Escape' && opened) {
              e.stopPropagation();
              close();
            }
          }}
          aria-label={`${questions(held)} in ${node.name}, by status`}
        >
          {questions(held)}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
          <Table.Caption>Questions in {node.name}</Table.Caption>
          <Table.Tbody>
            {QUESTION_STATUSES.map((s) => (
              <Table.Tr key={s}>
                <Table.Th scope="row" fw={400}>
                  {STATUS_LABELS[s]}
                </Table.Th>
                <Table.Td ta="right">{counts[s]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
