import { Box, Text } from '@mantine/core';
import { RichTextView } from './rich-text-view';

/** Whether rich text shows anything: words or an image. */
const shows = (html: string) =>
  /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';

/**
 * A choice's own explanation (why it is right or wrong), shown inside the choice it explains, under its text.
 * Its label names the choice and says whether it is the right one in words, so it reads on its own with a
 * screen reader and at any width. Shared by authoring's preview (features/questions) and the solution of a
 * test (features/exams); nothing when the choice has none.
 */
export function ChoiceExplanation({
  id,
  letter,
  correct,
  html,
}: {
  id?: string;
  letter: string;
  /** Whether this choice is the right one; null when no right answer is set. */
  correct: boolean | null;
  html: string | undefined;
}) {
  if (html === undefined || !shows(html)) return null;
  const label =
    correct === null
      ? `About choice ${letter}`
      : correct
        ? `Why ${letter} is right`
        : `Why ${letter} is wrong`;
  return (
    <Box
      id={id}
      mt={8}
      pl="sm"
      style={{ borderLeft: '3px solid var(--mantine-color-gray-5)', overflowWrap: 'anywhere' }}
    >
      <Text size="sm" fw={700}>
        {label}
      </Text>
      <RichTextView html={html} />
    </Box>
  );
}
