import type { TestMode } from '@qbank/contract';
import { type RefObject, useState } from 'react';
import type { RunQuestionHandlers } from '../components/run-question';
import { selectedRange } from '../components/run-stem';
import { addHighlight, removeHighlightAt } from '../lib/highlights';
import type { questionActions } from '../lib/question-actions';
import { type QuestionState, toggleStruck } from '../lib/run-state';

/**
 * What the learner does to the question on screen, as RunQuestion's handlers: in tutor mode a choice is a
 * draft until Submit (kept per question while moving around), in timed mode it is the answer; strike-through
 * mode, highlights of the stem's selection, the note.
 */
export function useQuestionHandlers({
  mode,
  qid,
  state,
  actions,
  stemRef,
}: {
  mode: TestMode;
  qid: string;
  state: QuestionState;
  actions: ReturnType<typeof questionActions>;
  stemRef: RefObject<HTMLDivElement | null>;
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [strikeMode, setStrikeMode] = useState(false);
  const tutor = mode === 'TUTOR';

  const handlers: RunQuestionHandlers = {
    onChoose: (choice) => {
      if (tutor) {
        if (!state.locked) setDrafts((d) => ({ ...d, [qid]: choice }));
      } else actions.answer(qid, choice);
    },
    onSubmit: () => {
      const choice = drafts[qid];
      if (tutor && choice) actions.answer(qid, choice);
    },
    onClear: () => actions.unanswer(qid),
    onToggleFlag: () => actions.toggleFlag(qid),
    onToggleStrike: (choice) => actions.setMarks(qid, (m) => ({ struck: toggleStruck(m.struck, choice) })),
    onToggleStrikeMode: () => setStrikeMode((s) => !s),
    onHighlight: () => {
      const range = selectedRange(stemRef.current);
      if (!range) return;
      actions.setMarks(qid, (m) => ({ highlights: addHighlight(m.highlights, range) }));
      window.getSelection()?.removeAllRanges();
    },
    onRemoveHighlight: (offset) =>
      actions.setMarks(qid, (m) => ({ highlights: removeHighlightAt(m.highlights, offset) })),
    onClearHighlights: () => actions.setMarks(qid, () => ({ highlights: [] })),
    onNote: (note) => actions.setMarks(qid, () => ({ note })),
  };

  return {
    handlers,
    /** The choice shown as chosen: the draft in tutor mode until submitted, else the answer. */
    selected: tutor && !state.locked ? (drafts[qid] ?? null) : state.selectedChoice,
    /** A tutor-mode draft waits for Submit. */
    canSubmit: tutor && !state.locked && !!drafts[qid],
    strikeMode,
    setStrikeMode,
  };
}
