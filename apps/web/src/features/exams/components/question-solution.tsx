import { List, Stack, Text, Title } from '@mantine/core';
import type { Solution } from '@qbank/contract';
import { AttachedMedia } from '../../../components/attached-media';
import { RichTextView } from '../../../components/rich-text-view';

const isBlank = (html: string) => !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').trim() === '';

/** A question's explanation with its media and references, and how many first attempts the shares count. */
export function QuestionSolution({
  solution,
  headingLevel,
}: {
  solution: Solution;
  headingLevel: 2 | 3 | 4;
}) {
  const references = solution.references.map((r) => r.trim()).filter((r) => r !== '');
  return (
    <Stack gap="xs">
      <Title order={headingLevel} size="h4">
        Explanation
      </Title>
      {isBlank(solution.explanation) ? (
        <Text c="dimmed">This question has no explanation.</Text>
      ) : (
        <RichTextView html={solution.explanation} />
      )}
      <AttachedMedia items={solution.explanationMediaUrls} label="Explanation" />
      {references.length > 0 && (
        <>
          <Title order={(headingLevel + 1) as 3 | 4 | 5} size="h5">
            References
          </Title>
          <List size="sm">
            {references.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two references may read the same
              <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                {r}
              </List.Item>
            ))}
          </List>
        </>
      )}
      <Text size="sm" c="dimmed">
        {solution.attempts === 0
          ? 'No learner has answered this question yet.'
          : solution.attempts === 1
            ? "The shares come from 1 learner's first attempt."
            : `The shares come from ${solution.attempts} learners' first attempts.`}
      </Text>
    </Stack>
  );
}
