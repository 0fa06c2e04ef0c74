import { Box, type PasswordInputProps, Progress, Text } from '@mantine/core';
import { Limits } from '@qbank/contract';
import { useEffect, useId, useState } from 'react';
import { loadStrengthChecker } from '../lib/password-strength';
import { RevealablePasswordInput } from './revealable-password-input';

const labels = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const colors = ['red', 'red', 'orange', 'teal', 'green'] as const;
/** Two lines of the message's text: a strength with zxcvbn's longest warnings takes two on a 375 px phone. */
const MESSAGE_ROOM = 'calc(2 * var(--mantine-line-height-xs) * var(--mantine-font-size-xs))';

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

  // One line under the meter says the most useful thing: a length the server refuses, else the strength.
  const message = tooLong
    ? { text: `Password must be at most ${Limits.passwordMax} characters.`, color: 'red.8' }
    : tooShort
      ? { text: `Password must be at least ${Limits.passwordMin} characters.`, color: 'red.8' }
      : score !== null
        ? { text: `Strength: ${labels[score]}${warning ? ` — ${warning}` : ''}`, color: 'dimmed' }
        : null;

  return (
    <Box>
      <RevealablePasswordInput
        {...rest}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-describedby={hintId}
        maxLength={Limits.passwordMax + 1}
      />
      {/* The meter's room is kept from the start: the checker loads on the first character and answers later,
          and what follows (a consent box, a button) must not move from under a pointer when it does. */}
      <Box id={hintId} mt={6} aria-live="polite">
        <Progress
          value={score === null ? 0 : (score + 1) * 20}
          color={score === null ? 'gray' : colors[score]}
          size="sm"
          aria-label={score === null ? undefined : `Strength of the password: ${labels[score]}`}
          aria-hidden={score === null ? true : undefined}
          style={{ visibility: score === null ? 'hidden' : undefined }}
        />
        <Text size="xs" mt={4} c={message?.color} mih={MESSAGE_ROOM}>
          {message?.text}
        </Text>
      </Box>
    </Box>
  );
}
