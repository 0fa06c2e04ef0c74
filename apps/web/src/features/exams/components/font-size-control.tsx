import { ActionIcon, Group, Text, VisuallyHidden } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useFontSize } from '../hooks/use-font-size';
import { FONT_SIZE_STEPS, fontSizeStep } from '../lib/font-size';
import classes from './text-scale.module.css';

/** Questions shown in the learner's text size (the stem, choices and explanation inside scale together). */
export function TextScale({ children }: { children: ReactNode }) {
  const { step } = useFontSize();
  return (
    <div
      className={classes.scaled}
      data-text-size={fontSizeStep(step).label}
      style={{ '--qb-text-scale': fontSizeStep(step).scale } as CSSProperties}
    >
      {children}
    </div>
  );
}

/**
 * A− and A+: the questions' text size, one step at a time, remembered in this browser. The buttons stay
 * focusable at the ends (only marked disabled), so pressing one repeatedly never drops the focus.
 */
export function FontSizeControl() {
  const { step, smaller, larger } = useFontSize();
  const label = fontSizeStep(step).label;
  const atMin = step === 0;
  const atMax = step === FONT_SIZE_STEPS.length - 1;
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Text size">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Smaller text"
        title="Smaller text"
        data-disabled={atMin || undefined}
        aria-disabled={atMin}
        onClick={smaller}
      >
        <Text span fz={13} fw={700} aria-hidden>
          A−
        </Text>
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Larger text"
        title="Larger text"
        data-disabled={atMax || undefined}
        aria-disabled={atMax}
        onClick={larger}
      >
        <Text span fz={17} fw={700} aria-hidden>
          A+
        </Text>
      </ActionIcon>
      <VisuallyHidden role="status">Text size: {label}</VisuallyHidden>
    </Group>
  );
}
