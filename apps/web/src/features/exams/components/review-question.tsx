import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReviewQuestion } from '@qbank/contract';
import IconFlagFilled from '@tabler/icons-react/dist/esm/icons/IconFlagFilled.mjs';
import { useRef } from 'react';
import { AttachedMedia } from '../../../components/attached-media';
import { ChoiceExplanation } from '../../../components/choice-explanation';
import { RichTextView } from '../../../components/rich-text-view';
import { formatDuration } from '../lib/clock';
import { choiceLetter } from '../lib/run-state';
import type { Place } from '../lib/tree-selection';
import { ChoiceShare, ChoiceVerdict, verdictBorder } from './choice-share';
import { QuestionSolution } from './question-solution';
import { ReportProblemButton } from './report-problem';
import { FLAG_COLOR } from './run-navigator';
import { RunStem } from './run-stem';

export const reviewAnchor = (position: number) => `review-question-${position + 1}`;

function Verdict({ q }: { q: ReviewQuestion }) {
  if (q.selectedChoice === null) return <Badge color="gray.7">Unanswered</Badge>;
  return q.correct ? <Badge color="teal.9">Correct</Badge> : <Badge color="red.9">Incorrect</Badge>;
}

/**
 * One question of a review: where it sits in the bank's tree, the stem, every choice with the verdict,
 * learners' shares and its own explanation, then the question's explanation.
 */
export function ReviewQuestionCard({
  q,
  place,
  readOnly = false,
}: {
  q: ReviewQuestion;
  place?: Place;
  /** Read by someone else than the learner (an instructor): no learner's actions. */
  readOnly?: boolean;
}) {
  const stemRef = useRef<HTMLDivElement | null>(null);
  const headingId = `${reviewAnchor(q.position)}-heading`;
  const shares = new Map(q.solution.choiceShares.map((s) => [s.uuid, s.percent]));
  const whys = new Map(q.solution.choiceExplanations.map((e) => [e.uuid, e.explanation]));
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title
            order={3}
            size="h4"
            id={headingId}
            tabIndex={-1}
            style={{ outline: 'none', scrollMarginTop: 16 }}
          >
            Question {q.position + 1}
          </Title>
          <Group gap="xs">
            <Verdict q={q} />
            {q.flagged && (
              <Badge color={FLAG_COLOR} leftSection={<IconFlagFilled size={12} aria-hidden />}>
                Flagged
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              Time spent: {formatDuration(q.timeSpentSeconds)}
            </Text>
          </Group>
        </Group>
        {place && (
          <Text size="sm" c="dimmed" mt={-8} style={{ overflowWrap: 'anywhere' }}>
            {place.subject} › {place.category} › {place.subcategory}
          </Text>
        )}
        <RunStem html={q.questionStem} highlights={q.highlights} stemRef={stemRef} />
        <AttachedMedia items={q.stemMediaUrls} label="Question" />
        <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Answer choices">
          {q.answerChoices.map((c, i) => {
            const correct = q.solution.correctAnswerChoice === c.uuid;
            const chosen = q.selectedChoice === c.uuid;
            return (
              <Box component="li" key={c.uuid} mb="xs">
                <Paper withBorder p="sm" style={verdictBorder(correct, chosen)}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Text fw={700} w={22} style={{ flexShrink: 0 }}>
                      {choiceLetter(i)}.
                    </Text>
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <RichTextView html={c.text} />
                      <ChoiceVerdict correct={correct} chosen={chosen} />
                      {shares.has(c.uuid) && (
                        <ChoiceShare percent={shares.get(c.uuid)!} letter={choiceLetter(i)} />
                      )}
                      <ChoiceExplanation letter={choiceLetter(i)} correct={correct} html={whys.get(c.uuid)} />
                    </Box>
                  </Group>
                </Paper>
              </Box>
            );
          })}
        </Box>
        {q.note.trim() !== '' && (
          <Paper bg="gray.0" p="sm">
            <Text size="sm" fw={600}>
              Your note
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {q.note}
            </Text>
          </Paper>
        )}
        <QuestionSolution solution={q.solution} headingLevel={4} />
        {!readOnly && (
          <Group>
            <ReportProblemButton
              questionId={q.uuid}
              label={`Report a problem with question ${q.position + 1}`}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
