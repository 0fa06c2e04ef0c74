import { ActionIcon, Button, Fieldset, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CHOICES_MAX, CHOICES_MIN } from '@qbank/contract';
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useState } from 'react';
import {
  canAddChoice,
  canRemoveChoice,
  choiceLetter,
  isBlankHtml,
  newChoice,
  type QuestionFormValues,
} from '../lib/question-form';
import { RichTextField } from './rich-text-field';

/**
 * The answer choices: 2–10, each its own small rich-text field kept by its uuid (so moving a choice moves its
 * editor with it), moved up and down, removed, and one picked as correct with a radio. Each may have its own
 * explanation (why it is right or wrong), a field that opens on "Add an explanation" or when it has one.
 */
export function ChoicesEditor({ form }: { form: UseFormReturnType<QuestionFormValues> }) {
  const { answerChoices: choices, correctAnswerChoice } = form.getValues();
  /** The choices whose explanation field was opened (one with an explanation shows it anyway). */
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const setChoiceField = (uuid: string, field: 'text' | 'explanation', html: string) => {
    const index = form.getValues().answerChoices.findIndex((c) => c.uuid === uuid);
    if (index >= 0) form.setFieldValue(`answerChoices.${index}.${field}`, html);
  };
  const listError = form.errors.answerChoices;
  const correctError = form.errors.correctAnswerChoice;
  const move = (from: number, to: number) => form.reorderListItem('answerChoices', { from, to });
  const remove = (index: number) => {
    const removed = choices[index];
    form.removeListItem('answerChoices', index);
    if (removed && removed.uuid === correctAnswerChoice) form.setFieldValue('correctAnswerChoice', null);
  };

  return (
    <Fieldset legend={`Answer choices (${CHOICES_MIN}–${CHOICES_MAX})`} variant="unstyled">
      <Radio.Group
        value={correctAnswerChoice}
        onChange={(v) => form.setFieldValue('correctAnswerChoice', v)}
        label="Correct answer"
        description="Pick the choice that is correct. A draft may leave it for later."
        error={correctError}
        id="question-correctAnswerChoice"
      >
        <Stack gap="sm" mt="xs">
          {choices.map((choice, i) => {
            const letter = choiceLetter(i);
            return (
              <Paper key={choice.uuid} withBorder p="sm">
                <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
                  <Radio value={choice.uuid} label={`${letter} is correct`} />
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray.8"
                      aria-label={`Move choice ${letter} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray.8"
                      aria-label={`Move choice ${letter} down`}
                      disabled={i === choices.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Remove choice ${letter}`}
                      disabled={!canRemoveChoice(choices)}
                      onClick={() => remove(i)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                <RichTextField
                  compact
                  id={`question-choice-${choice.uuid}`}
                  label={`Choice ${letter}`}
                  initialValue={choice.text}
                  onChange={(html) => setChoiceField(choice.uuid, 'text', html)}
                  error={form.errors[`answerChoices.${i}.text`]}
                  required
                />
                {opened.has(choice.uuid) ||
                !isBlankHtml(choice.explanation) ||
                form.errors[`answerChoices.${i}.explanation`] ? (
                  <RichTextField
                    compact
                    id={`question-choice-why-${choice.uuid}`}
                    label={`Explanation of choice ${letter} (optional)`}
                    description="Why this choice is right or wrong. Learners see it with the solution."
                    initialValue={choice.explanation}
                    onChange={(html) => setChoiceField(choice.uuid, 'explanation', html)}
                    error={form.errors[`answerChoices.${i}.explanation`]}
                  />
                ) : (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    mt={6}
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => {
                      setOpened((s) => new Set(s).add(choice.uuid));
                      // The new field takes the keyboard, where the button was.
                      requestAnimationFrame(() =>
                        document.getElementById(`question-choice-why-${choice.uuid}`)?.focus(),
                      );
                    }}
                  >
                    Add an explanation of {letter}
                  </Button>
                )}
              </Paper>
            );
          })}
        </Stack>
      </Radio.Group>
      {listError && (
        <Text c="var(--mantine-color-error)" size="sm" mt="xs" role="alert">
          {listError}
        </Text>
      )}
      <Button
        variant="default"
        mt="sm"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={!canAddChoice(choices)}
        onClick={() => form.insertListItem('answerChoices', newChoice())}
      >
        Add a choice
      </Button>
    </Fieldset>
  );
}
