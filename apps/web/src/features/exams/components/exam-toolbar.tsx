import { Button, Group } from '@mantine/core';
import IconCalculator from '@tabler/icons-react/dist/esm/icons/IconCalculator.mjs';
import { type ReactNode, useRef, useState } from 'react';
import { CalculatorPanel } from './calculator-panel';
import { FontSizeControl } from './font-size-control';
import { ReferenceButton } from './reference-drawer';

/**
 * The learner's tools above the questions (exam screen and review): text size, the calculator, the bank's
 * reference panel (when it has one), and what `children` adds.
 */
export function ExamToolbar({ productUuid, children }: { productUuid: string; children?: ReactNode }) {
  const [calculator, setCalculator] = useState(false);
  const calculatorButton = useRef<HTMLButtonElement | null>(null);
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Tools">
      <FontSizeControl />
      <Button
        ref={calculatorButton}
        variant={calculator ? 'light' : 'default'}
        leftSection={<IconCalculator size={16} aria-hidden />}
        aria-expanded={calculator}
        onClick={() => setCalculator((open) => !open)}
      >
        Calculator
      </Button>
      <ReferenceButton productUuid={productUuid} />
      {children}
      {calculator && (
        <CalculatorPanel
          onClose={() => {
            setCalculator(false);
            calculatorButton.current?.focus();
          }}
        />
      )}
    </Group>
  );
}
