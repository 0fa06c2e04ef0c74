import type { TestMode } from '@qbank/contract';
import { countsOf, type QuestionStates } from '../lib/run-state';
import { type NavigatorItem, QuestionNavigator } from './run-navigator';

type QuestionState = QuestionStates[string];

/**
 * A question's button: answered or not, flagged or not; in tutor mode, once submitted (its solution known),
 * right or wrong, as the review shows it.
 */
export function runNavigatorItem(q: QuestionState, mode: TestMode): NavigatorItem {
  const answered = !!q.selectedChoice;
  const flag = q.flagged ? ['flagged'] : [];
  if (mode === 'TUTOR' && q.locked && q.solution && answered) {
    const right = q.selectedChoice === q.solution.correctAnswerChoice;
    return {
      answered,
      flagged: q.flagged,
      verdict: right ? 'correct' : 'incorrect',
      states: [right ? 'correct' : 'incorrect', ...flag],
    };
  }
  return { answered, flagged: q.flagged, states: [answered ? 'answered' : 'unanswered', ...flag] };
}

/** The navigator of the test's questions, with the counts (tutor mode: right and wrong too). */
export function RunQuestionNavigator({
  order,
  view,
  mode,
  current,
  onGo,
}: {
  order: readonly string[];
  view: QuestionStates;
  mode: TestMode;
  current: number;
  onGo: (index: number) => void;
}) {
  const counts = countsOf(order, view);
  const items = order.map((id) => runNavigatorItem(view[id]!, mode));
  const right = items.filter((i) => i.verdict === 'correct').length;
  const wrong = items.filter((i) => i.verdict === 'incorrect').length;
  const verdicts = mode === 'TUTOR' && right + wrong > 0 ? ` · ${right} right, ${wrong} wrong` : '';
  return (
    <QuestionNavigator
      items={items}
      current={current}
      onGo={onGo}
      summary={`${counts.answered} of ${order.length} answered${verdicts}${counts.flagged ? ` · ${counts.flagged} flagged` : ''}`}
      legend={
        mode === 'TUTOR'
          ? [
              { label: 'Correct', verdict: 'correct' },
              { label: 'Incorrect', verdict: 'incorrect' },
            ]
          : [{ label: 'Answered', answered: true }]
      }
    />
  );
}
