import { Box, type PasswordInputProps, Progress, Text } from '@mantine/core';
import { Limits } from '@qbank/contract';
import { useEffect, useId, useState } from 'react';
import { loadStrengthChecker } from '../lib/password-strength';
import { RevealablePasswordInput } from './revealable-password-input';

const labels = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const colors = ['red', 'red', 'orange', 'teal', 'green'] as const;

interface Props extends Omit<PasswordInputProps, 'value' | 'onChange'> {
  /** A form's controlled value (@mantine/form's getInputProps). */
  value?: string;
  onChange(value: string): void;
  /** Names, e-mail: words the meter should count as guessable. */
  userInputs?: string[];
}

/** A password input with show/hide, the too-short hint and a strength meter showing zxcvbn's warning text (SPEC §5). */
export function PasswordField({ value = '', onChange, userInputs, ...rest }: Props) {
  const [score, setScore] = useState<number | null>(null);
  const [warning, setWarning] = useState('');
  const hintId = useId();
  const tooShort = value.length > 0 && value.length < Limits.passwordMin;
  const tooLong = value.length > Limits.passwordMax;
  const inputsKey = (userInputs ?? []).join('\u0000');

  useEffect(() => {
    if (!value) {
      setScore(null);
      setWarning('');
      return;
    }
    let cancelled = false;
    void loadStrengthChecker().then((check) => {
      if (cancelled) return;
      const r = check(value, inputsKey ? inputsKey.split('\u0000') : []);
      setScore(r.score);
      setWarning(r.feedback.warning ?? '');
    });
    return () => {
      cancelled = true;
    };
  }, [value, inputsKey]);

  return (
    <Box>
      <RevealablePasswordInput
        {...rest}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-describedby={hintId}
        maxLength={Limits.passwordMax + 1}
      />
      <Box id={hintId} mt={6} aria-live="polite">
        {score !== null && (
          <>
            <Progress
              value={(score + 1) * 20}
              color={colors[score]}
              size="sm"
              aria-label={`Strength of the password: ${labels[score]}`}
            />
            <Text size="xs" mt={4} c="dimmed">
              Strength: {labels[score]}
              {warning ? ` — ${warning}` : ''}
            </Text>
          </>
        )}
        {tooShort && (
          <Text size="xs" c="red.8">
            Password must be at least {Limits.passwordMin} characters.
          </Text>
        )}
        {tooLong && (
          <Text size="xs" c="red.8">
            Password must be at most {Limits.passwordMax} characters.
          </Text>
        )}
      </Box>
    </Box>
  );
}
