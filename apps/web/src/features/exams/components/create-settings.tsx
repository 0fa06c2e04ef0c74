import { NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  SECONDS_PER_QUESTION_MAX,
  SECONDS_PER_QUESTION_MIN,
  TEST_NAME_MAX,
  TEST_QUESTIONS_MAX,
  TEST_QUESTIONS_MIN,
  type TestMode,
} from '@qbank/contract';
import { useEffect, useRef } from 'react';
import { cappedQuestions, formatDuration, type SettingsValues } from '../lib/create-form';

const MODES: Array<{ value: TestMode; label: string; description: string }> = [
  {
    value: 'TUTOR',
    label: 'Tutor',
    description:
      'See whether you were right, with the explanation, after each answer. No time limit: the clock only counts your time.',
  },
  {
    value: 'TIMED',
    label: 'Timed',
    description: 'An exam against the clock: answers and explanations come at the review.',
  },
];

/** "Only N questions are available for your choices", when the choice holds fewer than a test may ask. */
function AvailabilityNote({ available }: { available: number }) {
  if (available >= TEST_QUESTIONS_MAX) return null;
  return (
    <Text size="sm" role="status" fw={600}>
      {available === 0
        ? 'No questions are available for your choices yet.'
        : available === 1
          ? 'Only 1 question is available for your choices.'
          : `Only ${available} questions are available for your choices.`}
    </Text>
  );
}

/**
 * The test's size, mode, clock and name. The number of questions shows capped by what the choice holds;
 * `available` is that, or null while nothing is chosen.
 */
export function CreateSettings({
  form,
  available,
  cap,
}: {
  form: UseFormReturnType<SettingsValues>;
  available: number | null;
  cap: number;
}) {
  const values = form.getValues();
  const count = cappedQuestions(values.numQuestions, cap);
  const seconds = values.secondsPerQuestion;
  const timed = values.mode === 'TIMED';
  // The number the learner asked for: when the choice changes, the field shows it capped by the new choice.
  const wish = useRef(values.numQuestions);
  const { setFieldValue } = form;
  useEffect(() => {
    if (cap > 0 && typeof wish.current === 'number')
      setFieldValue('numQuestions', Math.min(wish.current, cap));
  }, [cap, setFieldValue]);
  const numProps = form.getInputProps('numQuestions');
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <NumberInput
          {...numProps}
          onChange={(v) => {
            wish.current = v;
            numProps.onChange(v);
          }}
          label="Number of questions"
          description={`From ${TEST_QUESTIONS_MIN} to ${cap > 0 ? cap : TEST_QUESTIONS_MAX}`}
          min={TEST_QUESTIONS_MIN}
          max={cap > 0 ? cap : TEST_QUESTIONS_MAX}
          clampBehavior="blur"
          allowDecimal={false}
          allowNegative={false}
          required
          maw={220}
        />
        {available !== null && <AvailabilityNote available={available} />}
      </Stack>
      <Radio.Group label="Mode" required {...form.getInputProps('mode')}>
        <Stack gap="xs" mt="xs">
          {MODES.map((m) => (
            <Radio key={m.value} value={m.value} label={m.label} description={m.description} />
          ))}
        </Stack>
      </Radio.Group>
      {timed && (
        <NumberInput
          {...form.getInputProps('secondsPerQuestion')}
          label="Seconds per question"
          description={
            typeof seconds === 'number' && typeof count === 'number'
              ? `Total time: ${formatDuration(seconds * count)}`
              : `From ${SECONDS_PER_QUESTION_MIN} to ${SECONDS_PER_QUESTION_MAX}`
          }
          min={SECONDS_PER_QUESTION_MIN}
          max={SECONDS_PER_QUESTION_MAX}
          clampBehavior="blur"
          allowDecimal={false}
          allowNegative={false}
          required
          maw={220}
        />
      )}
      <TextInput
        {...form.getInputProps('name')}
        label="Name"
        description="Optional: to find this test again in My Tests"
        maxLength={TEST_NAME_MAX}
      />
    </Stack>
  );
}
