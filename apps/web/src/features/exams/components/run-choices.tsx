import { ActionIcon, Box, Group, Paper, Radio, Text, VisuallyHidden } from '@mantine/core';
import type { Solution } from '@qbank/contract';
import IconStrikethrough from '@tabler/icons-react/dist/esm/icons/IconStrikethrough.mjs';
import type { MouseEvent } from 'react';
import { ChoiceExplanation } from '../../../components/choice-explanation';
import { RichTextView } from '../../../components/rich-text-view';
import { choiceLetter } from '../lib/run-state';
import { ChoiceShare, ChoiceVerdict, verdictBorder } from './choice-share';

/**
 * A question's answer choices as radio buttons. A click anywhere on a choice chooses it; in strike-through
 * mode it strikes the choice through instead, as a right-click or the choice's own button always does. Once
 * the solution is known (tutor mode after Submit) the choices say which was right, what learners chose and
 * why each choice is right or wrong, when it has its own explanation.
 */
export function RunChoices({
  questionUuid,
  choices,
  selected,
  struck,
  locked,
  solution,
  strikeMode,
  onChoose,
  onToggleStrike,
}: {
  questionUuid: string;
  choices: readonly { uuid: string; text: string }[];
  selected: string | null;
  struck: readonly string[];
  locked: boolean;
  solution: Solution | null;
  strikeMode: boolean;
  onChoose: (choice: string) => void;
  onToggleStrike: (choice: string) => void;
}) {
  const shares = new Map(solution?.choiceShares.map((s) => [s.uuid, s.percent]));
  const whys = new Map(solution?.choiceExplanations.map((e) => [e.uuid, e.explanation]));
  const clickChoice = (e: MouseEvent, uuid: string) => {
    const target = e.target as HTMLElement;
    if (target.closest('button, a, video')) return;
    if (strikeMode) {
      e.preventDefault(); // the radio stays as it was
      onToggleStrike(uuid);
      return;
    }
    if (locked || target.closest('input')) return; // the radio's own change event chooses
    onChoose(uuid);
  };
  // Each choice's box is a larger click target for the radio inside it, which the keyboard reaches.
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <VisuallyHidden component="legend">Answer choices</VisuallyHidden>
      {choices.map((c, i) => {
        const letter = choiceLetter(i);
        const id = `choice-${questionUuid}-${i}`;
        const isStruck = struck.includes(c.uuid);
        const chosen = selected === c.uuid;
        const correct = !!solution && solution.correctAnswerChoice === c.uuid;
        const share = shares.get(c.uuid);
        const why = whys.get(c.uuid);
        const describedBy = [isStruck ? `${id}-struck` : '', why ? `${id}-why` : '']
          .filter(Boolean)
          .join(' ');
        return (
          <Paper
            key={c.uuid}
            withBorder
            p="sm"
            mb="xs"
            onClick={(e) => clickChoice(e, c.uuid)}
            onContextMenu={(e) => {
              e.preventDefault();
              onToggleStrike(c.uuid);
            }}
            style={{
              cursor: locked && !strikeMode ? 'default' : 'pointer',
              ...(solution
                ? verdictBorder(correct, chosen)
                : chosen
                  ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
                  : undefined),
            }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Radio
                id={id}
                name={`choices-${questionUuid}`}
                value={c.uuid}
                checked={chosen}
                disabled={locked}
                onChange={() => {
                  if (!strikeMode) onChoose(c.uuid);
                }}
                aria-labelledby={`${id}-letter ${id}-text`}
                aria-describedby={describedBy || undefined}
                mt={2}
              />
              <Text id={`${id}-letter`} fw={700} w={22} style={{ flexShrink: 0 }}>
                {letter}.
              </Text>
              <Box
                style={{
                  flex: 1,
                  minWidth: 0,
                  textDecoration: isStruck ? 'line-through' : undefined,
                  color: isStruck ? 'var(--mantine-color-gray-7)' : undefined,
                }}
              >
                <div id={`${id}-text`}>
                  <RichTextView html={c.text} />
                </div>
                {isStruck && <VisuallyHidden id={`${id}-struck`}>Struck through</VisuallyHidden>}
                {solution && <ChoiceVerdict correct={correct} chosen={chosen} />}
                {share !== undefined && <ChoiceShare percent={share} letter={letter} />}
                {solution && (
                  <ChoiceExplanation id={`${id}-why`} letter={letter} correct={correct} html={why} />
                )}
              </Box>
              <ActionIcon
                variant={isStruck ? 'filled' : 'subtle'}
                color="gray.7"
                aria-label={isStruck ? `Restore choice ${letter}` : `Strike through choice ${letter}`}
                aria-pressed={isStruck}
                onClick={() => onToggleStrike(c.uuid)}
                style={{ flexShrink: 0 }}
              >
                <IconStrikethrough size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
    </Box>
  );
}
