import { List, Stack, Text, Title } from '@mantine/core';
import { SHARES_MIN_LEARNERS, type Solution } from '@qbank/contract';
import { AttachedMedia } from '../../../components/attached-media';
import { RichTextView } from '../../../components/rich-text-view';

const isBlank = (html: string) => !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').trim() === '';

/** How many learners answered the question, and whether their shares show (from SHARES_MIN_LEARNERS on). */
export function attemptsNote(attempts: number): string {
  if (attempts === 0) return 'No learner has answered this question yet.';
  const learners = `${attempts} learner${attempts === 1 ? ' has' : 's have'} answered this question`;
  if (attempts < SHARES_MIN_LEARNERS)
    return `${learners} so far. How learners answer it shows once ${SHARES_MIN_LEARNERS} have.`;
  return `${learners}. The shares are of their first answers.`;
}

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
        {attemptsNote(solution.attempts)}
      </Text>
    </Stack>
  );
}
