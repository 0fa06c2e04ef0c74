import { ActionIcon, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type CalcKey, initialCalc, keyOf, press } from '../lib/calculator';

const KEYS: { key: CalcKey; label: string; name: string; kind?: 'op' | 'fn' | 'eq' }[] = [
  { key: 'C', label: 'C', name: 'Clear', kind: 'fn' },
  { key: '⌫', label: '⌫', name: 'Delete last digit', kind: 'fn' },
  { key: '%', label: '%', name: 'Percent', kind: 'fn' },
  { key: '÷', label: '÷', name: 'Divide', kind: 'op' },
  { key: '7', label: '7', name: '7' },
  { key: '8', label: '8', name: '8' },
  { key: '9', label: '9', name: '9' },
  { key: '×', label: '×', name: 'Multiply', kind: 'op' },
  { key: '4', label: '4', name: '4' },
  { key: '5', label: '5', name: '5' },
  { key: '6', label: '6', name: '6' },
  { key: '−', label: '−', name: 'Subtract', kind: 'op' },
  { key: '1', label: '1', name: '1' },
  { key: '2', label: '2', name: '2' },
  { key: '3', label: '3', name: '3' },
  { key: '+', label: '+', name: 'Add', kind: 'op' },
  { key: '±', label: '±', name: 'Change sign', kind: 'fn' },
  { key: '0', label: '0', name: '0' },
  { key: '.', label: '.', name: 'Decimal point' },
  { key: '=', label: '=', name: 'Equals', kind: 'eq' },
];

/**
 * The calculator: a small panel beside the question that does not block it (not modal: the learner reads and
 * answers with it open). It takes the focus when it opens; while the focus is inside, the keyboard types into
 * it (digits, + - * /, Enter, Backspace, Delete) instead of answering; Esc closes it and gives the focus back.
 */
export function CalculatorPanel({ onClose }: { onClose: () => void }) {
  const [state, setState] = useState(initialCalc);
  const panelRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => panelRef.current?.focus(), []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // Enter and Space on a focused button press that button.
    if ((e.key === 'Enter' || e.key === ' ') && (e.target as HTMLElement).closest('button')) return;
    const key = keyOf(e.key);
    if (!key) return;
    e.preventDefault();
    setState((s) => press(s, key));
  };

  return (
    <Paper
      ref={panelRef}
      role="dialog"
      aria-labelledby="calculator-title"
      tabIndex={-1}
      withBorder
      shadow="md"
      p="sm"
      onKeyDown={onKeyDown}
      style={{
        position: 'fixed',
        right: 'max(8px, env(safe-area-inset-right))',
        // Above the exam screen's Previous/Next bar, which stays at the bottom of the window.
        bottom: 'calc(72px + env(safe-area-inset-bottom))',
        zIndex: 150,
        width: 'min(260px, calc(100vw - 16px))',
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text id="calculator-title" fw={700} size="sm">
          Calculator
        </Text>
        <ActionIcon variant="subtle" color="gray.7" aria-label="Close the calculator" onClick={onClose}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Paper withBorder bg="gray.0" px="sm" py={6} mb="xs">
        <Text
          component="output"
          aria-live="polite"
          aria-label="Result"
          data-testid="calculator-display"
          ta="right"
          fz={22}
          ff="monospace"
          display="block"
          style={{ overflowWrap: 'anywhere' }}
        >
          {state.display}
        </Text>
      </Paper>
      <SimpleGrid cols={4} spacing={6} verticalSpacing={6}>
        {KEYS.map(({ key, label, name, kind }) => (
          <Button
            key={key}
            px={0}
            size="sm"
            fz="md"
            variant={kind === 'eq' ? 'filled' : kind === 'op' ? 'light' : 'default'}
            aria-label={name === label ? undefined : name}
            onClick={() => setState((s) => press(s, key))}
          >
            {label}
          </Button>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
