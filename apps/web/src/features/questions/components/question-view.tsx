import { Badge, Box, Group, List, Paper, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { AttachedMedia } from '../../../components/attached-media';
import { ChoiceExplanation } from '../../../components/choice-explanation';
import { RichTextView } from '../../../components/rich-text-view';
import { altFromFileName } from '../lib/media';
import { choiceLetter, isBlankHtml } from '../lib/question-form';

export interface LearnerQuestion {
  questionStem: string;
  /** `explanation`: the choice's own, shown with the solution. */
  answerChoices: { uuid: string; text: string; explanation?: string }[];
  correctAnswerChoice: string | null;
  explanation: string;
  references: string[];
  /** `name`: a picked file's name, for files not stored yet (stored items keep none). */
  stemMedia?: { url: string; contentType: string; name?: string }[];
  explanationMedia?: { url: string; contentType: string; name?: string }[];
}

/** A picked file's name, made readable, is a better alt text than "Stem image 2". */
const withAlt = (items: { url: string; contentType: string; name?: string }[] = []) =>
  items.map((m) => ({ ...m, alt: m.name ? altFromFileName(m.name) : undefined }));

/**
 * A question exactly as a learner sees it: the stem, the choices lettered A–J, then (on the switch) the correct
 * answer, each choice's own explanation under it, and the explanation with its references. The correct choice is said in words, not by colour alone.
 */
export function QuestionView({
  question,
  headingLevel = 2,
  initiallyRevealed = false,
}: {
  question: LearnerQuestion;
  headingLevel?: 2 | 3;
  initiallyRevealed?: boolean;
}) {
  const [revealed, setRevealed] = useState(initiallyRevealed);
  const switchId = useId();
  const references = question.references.map((r) => r.trim()).filter((r) => r !== '');
  return (
    <Stack gap="md">
      {isBlankHtml(question.questionStem) ? (
        <Text c="dimmed" fs="italic">
          No stem written yet.
        </Text>
      ) : (
        <RichTextView html={question.questionStem} />
      )}
      <AttachedMedia items={withAlt(question.stemMedia)} label="Stem" />
      <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Answer choices">
        {question.answerChoices.map((c, i) => {
          const correct = revealed && c.uuid === question.correctAnswerChoice;
          return (
            <Box component="li" key={c.uuid} mb="xs">
              <Paper
                withBorder
                p="sm"
                style={correct ? { borderColor: 'var(--mantine-color-teal-9)', borderWidth: 2 } : undefined}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Text fw={700} w={24} style={{ flexShrink: 0 }} aria-hidden>
                    {choiceLetter(i)}.
                  </Text>
                  <Box style={{ flex: 1, minWidth: 0 }}>
                    <VisuallyHidden>Choice {choiceLetter(i)}: </VisuallyHidden>
                    {isBlankHtml(c.text) ? (
                      <Text c="dimmed" fs="italic">
                        Empty choice
                      </Text>
                    ) : (
                      <RichTextView html={c.text} />
                    )}
                    {revealed && (
                      <ChoiceExplanation
                        letter={choiceLetter(i)}
                        correct={question.correctAnswerChoice === null ? null : correct}
                        html={c.explanation}
                      />
                    )}
                  </Box>
                  {correct && (
                    <Badge color="teal.9" style={{ flexShrink: 0 }}>
                      Correct answer
                    </Badge>
                  )}
                </Group>
              </Paper>
            </Box>
          );
        })}
      </Box>
      <Switch
        id={switchId}
        label="Show the correct answer and explanation"
        checked={revealed}
        onChange={(e) => setRevealed(e.currentTarget.checked)}
      />
      {revealed && (
        <Stack gap="xs">
          {question.correctAnswerChoice === null && (
            <Text c="dimmed">No correct answer has been chosen yet.</Text>
          )}
          <Title order={(headingLevel + 1) as 3 | 4} size="h4">
            Explanation
          </Title>
          {isBlankHtml(question.explanation) ? (
            <Text c="dimmed" fs="italic">
              No explanation written yet.
            </Text>
          ) : (
            <RichTextView html={question.explanation} />
          )}
          <AttachedMedia items={withAlt(question.explanationMedia)} label="Explanation" />
          {references.length > 0 && (
            <>
              <Title order={(headingLevel + 1) as 3 | 4} size="h5">
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
        </Stack>
      )}
    </Stack>
  );
}
