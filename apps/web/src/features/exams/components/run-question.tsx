import { Alert, Button, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import type { TestMode, TestQuestion } from '@qbank/contract';
import IconFlag from '@tabler/icons-react/dist/esm/icons/IconFlag.mjs';
import IconFlagFilled from '@tabler/icons-react/dist/esm/icons/IconFlagFilled.mjs';
import IconHighlight from '@tabler/icons-react/dist/esm/icons/IconHighlight.mjs';
import IconStrikethrough from '@tabler/icons-react/dist/esm/icons/IconStrikethrough.mjs';
import type { RefObject } from 'react';
import { AttachedMedia } from '../../../components/attached-media';
import { choiceLetter, type QuestionState } from '../lib/run-state';
import { QuestionSolution } from './question-solution';
import { RunChoices } from './run-choices';
import { FLAG_COLOR } from './run-navigator';
import { RunNotes } from './run-notes';
import { RunStem } from './run-stem';

export interface RunQuestionHandlers {
  onChoose: (choice: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  onToggleFlag: () => void;
  onToggleStrike: (choice: string) => void;
  onToggleStrikeMode: () => void;
  onHighlight: () => void;
  onRemoveHighlight: (offset: number) => void;
  onClearHighlights: () => void;
  onNote: (note: string) => void;
}

/** Tutor mode, once submitted: right or wrong in words, then the explanation. */
function TutorVerdict({ question, state }: { question: TestQuestion; state: QuestionState }) {
  const { solution } = state;
  if (!solution)
    return (
      <Alert color="gray" role="status" title="Answer submitted">
        The explanation appears as soon as your answer reaches the server.
      </Alert>
    );
  const correctIndex = question.answerChoices.findIndex((c) => c.uuid === solution.correctAnswerChoice);
  const right = state.selectedChoice !== null && state.selectedChoice === solution.correctAnswerChoice;
  return (
    <Stack gap="md">
      <Alert color={right ? 'teal' : 'red'} role="status" title={right ? 'Correct' : 'Incorrect'}>
        {correctIndex >= 0
          ? `The correct answer is ${choiceLetter(correctIndex)}.`
          : 'This question has no correct answer set.'}
      </Alert>
      <QuestionSolution solution={solution} headingLevel={3} />
    </Stack>
  );
}

/** One question of the exam screen: stem, media, tools, choices, the tutor's verdict, and the learner's note. */
export function RunQuestion({
  question,
  state,
  mode,
  index,
  total,
  selected,
  strikeMode,
  stemRef,
  handlers: h,
}: {
  question: TestQuestion;
  state: QuestionState;
  mode: TestMode;
  index: number;
  total: number;
  /** The choice shown selected: tutor mode's choice before Submit, else the answer. */
  selected: string | null;
  strikeMode: boolean;
  stemRef: RefObject<HTMLDivElement | null>;
  handlers: RunQuestionHandlers;
}) {
  const tutor = mode === 'TUTOR';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Title order={2} size="h3">
          Question {index + 1}{' '}
          <Text span c="dimmed" fz="md" fw={400}>
            of {total}
          </Text>
        </Title>
        <Button
          variant={state.flagged ? 'filled' : 'default'}
          color={state.flagged ? FLAG_COLOR : undefined}
          leftSection={
            state.flagged ? <IconFlagFilled size={16} aria-hidden /> : <IconFlag size={16} aria-hidden />
          }
          aria-pressed={state.flagged}
          onClick={h.onToggleFlag}
        >
          {state.flagged ? 'Flagged' : 'Flag'}
        </Button>
      </Group>
      <RunStem
        html={question.questionStem}
        highlights={state.highlights}
        stemRef={stemRef}
        onRemoveHighlight={h.onRemoveHighlight}
      />
      <AttachedMedia items={question.stemMediaUrls} label="Question" />
      <Group gap="xs">
        <Button
          size="xs"
          variant={strikeMode ? 'filled' : 'default'}
          leftSection={<IconStrikethrough size={14} aria-hidden />}
          aria-pressed={strikeMode}
          onClick={h.onToggleStrikeMode}
        >
          Strike-through mode
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconHighlight size={14} aria-hidden />}
          // The text selection must survive the press.
          onMouseDown={(e) => e.preventDefault()}
          onClick={h.onHighlight}
        >
          Highlight
        </Button>
        {state.highlights.length > 0 && (
          <Button size="xs" variant="subtle" onClick={h.onClearHighlights}>
            Clear highlights
          </Button>
        )}
      </Group>
      {strikeMode && (
        <Text size="sm" role="status">
          Strike-through mode: a click on a choice (or its letter key) strikes it through. <Kbd>Esc</Kbd> or{' '}
          <Kbd>S</Kbd> leaves it.
        </Text>
      )}
      <RunChoices
        questionUuid={question.uuid}
        choices={question.answerChoices}
        selected={selected}
        struck={state.struck}
        locked={state.locked}
        solution={state.solution}
        strikeMode={strikeMode}
        onChoose={h.onChoose}
        onToggleStrike={h.onToggleStrike}
      />
      {tutor && !state.locked && (
        <Group>
          <Button onClick={h.onSubmit} disabled={!selected}>
            Submit
          </Button>
          <Text size="sm" c="dimmed">
            Your answer is final once submitted.
          </Text>
        </Group>
      )}
      {!tutor && state.selectedChoice && (
        <Group>
          <Button variant="default" size="xs" onClick={h.onClear}>
            Clear answer
          </Button>
        </Group>
      )}
      {tutor && state.locked && <TutorVerdict question={question} state={state} />}
      <RunNotes key={question.uuid} note={state.note} onSave={h.onNote} />
    </Stack>
  );
}
