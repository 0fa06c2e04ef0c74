import { Badge, Group, Progress, Text } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs';

/** The share of the product's learners who chose a choice on their first attempt, as a bar and in words. */
export function ChoiceShare({ percent, letter }: { percent: number; letter: string }) {
  const rounded = Math.round(percent);
  return (
    <Group gap="xs" wrap="nowrap" mt={6}>
      <Progress
        value={rounded}
        size="sm"
        color="gray.6"
        style={{ flex: 1, maxWidth: 220 }}
        aria-label={`Learners who chose ${letter}`}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {rounded}% chose this
      </Text>
    </Group>
  );
}

/** Whether a choice was the correct one and whether it was the learner's, said in words (not by colour alone). */
export function ChoiceVerdict({ correct, chosen }: { correct: boolean; chosen: boolean }) {
  if (!correct && !chosen) return null;
  return (
    <Group gap={4} wrap="wrap" mt={6}>
      {correct && (
        <Badge color="teal.9" leftSection={<IconCheck size={12} aria-hidden />}>
          Correct answer
        </Badge>
      )}
      {chosen && (
        <Badge
          color={correct ? 'teal.9' : 'red.9'}
          variant={correct ? 'outline' : 'filled'}
          leftSection={correct ? undefined : <IconX size={12} aria-hidden />}
        >
          Your answer
        </Badge>
      )}
    </Group>
  );
}

/** The border of a choice once the answer is known. */
export const verdictBorder = (correct: boolean, chosen: boolean) =>
  correct
    ? { borderColor: 'var(--mantine-color-teal-9)', borderWidth: 2 }
    : chosen
      ? { borderColor: 'var(--mantine-color-red-9)', borderWidth: 2 }
      : undefined;
