import { countsOf, type QuestionStates } from '../lib/run-state';
import { type NavigatorItem, QuestionNavigator } from './run-navigator';

/** The navigator of the test's questions: each answered or not, flagged or not, with the counts. */
export function RunQuestionNavigator({
  order,
  view,
  current,
  onGo,
}: {
  order: readonly string[];
  view: QuestionStates;
  current: number;
  onGo: (index: number) => void;
}) {
  const counts = countsOf(order, view);
  const items: NavigatorItem[] = order.map((id) => {
    const q = view[id]!;
    const answered = !!q.selectedChoice;
    return {
      answered,
      flagged: q.flagged,
      states: [answered ? 'answered' : 'unanswered', ...(q.flagged ? ['flagged'] : [])],
    };
  });
  return (
    <QuestionNavigator
      items={items}
      current={current}
      onGo={onGo}
      summary={`${counts.answered} of ${order.length} answered${counts.flagged ? ` · ${counts.flagged} flagged` : ''}`}
      legend={[{ label: 'Answered', answered: true }]}
    />
  );
}
