import type { RunQuestionHandlers } from '../components/run-question';
import { useRunShortcuts } from './use-run-shortcuts';

/** The exam screen's shortcuts, each mapped onto what the screen's buttons do (lib/shortcuts.ts). */
export function useRunKeyboard({
  enabled,
  choices,
  handlers,
  strikeMode,
  setStrikeMode,
  canSubmit,
  next,
  previous,
  openHelp,
}: {
  enabled: boolean;
  /** The question's choices' uuids, in order: 1–9 and A–I pick them. */
  choices: readonly string[];
  handlers: RunQuestionHandlers;
  strikeMode: boolean;
  setStrikeMode: (change: (on: boolean) => boolean) => void;
  canSubmit: boolean;
  next: () => void;
  previous: () => void;
  openHelp: () => void;
}) {
  useRunShortcuts({
    enabled,
    choiceCount: choices.length,
    onCommand: (c) => {
      switch (c.type) {
        case 'choose': {
          const choice = choices[c.index]!;
          if (strikeMode) handlers.onToggleStrike(choice);
          else handlers.onChoose(choice);
          return true;
        }
        case 'next':
          next();
          return true;
        case 'previous':
          previous();
          return true;
        case 'flag':
          handlers.onToggleFlag();
          return true;
        case 'submit':
          if (!canSubmit) return false;
          handlers.onSubmit();
          return true;
        case 'highlight':
          handlers.onHighlight();
          return true;
        case 'toggle-strike-mode':
          setStrikeMode((s) => !s);
          return true;
        case 'leave-strike-mode':
          if (!strikeMode) return false;
          setStrikeMode(() => false);
          return true;
        case 'help':
          openHelp();
          return true;
      }
    },
  });
}
