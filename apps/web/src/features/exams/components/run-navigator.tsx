import { Box, Drawer, Grid, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import IconFlagFilled from '@tabler/icons-react/dist/esm/icons/IconFlagFilled.mjs';
import type { ReactNode } from 'react';
import classes from './run-navigator.module.css';

/** Flagged, as a filled colour under white text: Mantine's darkest orange is 4.3:1 on white, this is 5.9:1. */
export const FLAG_COLOR = '#b33d0a';

export interface NavigatorItem {
  /** What the button's state says, besides its number ("answered", "flagged", "incorrect"). */
  states: string[];
  answered: boolean;
  flagged: boolean;
  /** Review: the verdict's colour. */
  verdict?: 'correct' | 'incorrect' | 'unanswered';
}

/**
 * Every question of a test as a numbered button: which are answered, flagged and current, one press away.
 * The state is said in each button's name, not by colour alone.
 */
export function QuestionNavigator({
  items,
  current,
  onGo,
  summary,
  legend,
  label = 'Questions',
}: {
  items: readonly NavigatorItem[];
  current: number | null;
  onGo: (index: number) => void;
  summary: string;
  /** What the colours mean. */
  legend: readonly { label: string; answered?: boolean; verdict?: NavigatorItem['verdict'] }[];
  label?: string;
}) {
  return (
    <Box component="nav" aria-label={label}>
      <Text size="sm" mb="xs">
        {summary}
      </Text>
      <SimpleGrid cols={5} spacing={6} verticalSpacing={6}>
        {items.map((item, i) => (
          <UnstyledButton
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the question's identity here
            key={i}
            className={classes.cell}
            data-answered={item.answered || undefined}
            data-current={i === current || undefined}
            data-verdict={item.verdict}
            aria-current={i === current ? 'step' : undefined}
            aria-label={[`Question ${i + 1}`, ...item.states].join(', ')}
            onClick={() => onGo(i)}
          >
            {i + 1}
            {item.flagged && <IconFlagFilled size={10} className={classes.flag} aria-hidden />}
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Group gap="md" mt="xs">
        {legend.map((l) => (
          <Text key={l.label} size="xs" c="dimmed">
            <span className={classes.key} data-answered={l.answered || undefined} data-verdict={l.verdict} />{' '}
            {l.label}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          <IconFlagFilled size={10} className={classes.flagKey} aria-hidden /> Flagged
        </Text>
      </Group>
    </Box>
  );
}

/** The navigator beside the questions on a wide screen (sticky under the bar). */
export function NavigatorColumn({ children }: { children: ReactNode }) {
  return (
    <Grid.Col span={{ base: 12, md: 4 }} visibleFrom="md">
      <Paper withBorder p="sm" style={{ position: 'sticky', top: 76 }}>
        {children}
      </Paper>
    </Grid.Col>
  );
}

/** The navigator on a phone: a drawer opened from the bar. */
export function NavigatorDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Questions"
      size="xs"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {children}
    </Drawer>
  );
}
