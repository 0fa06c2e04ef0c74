import { useEffect, useRef } from 'react';
import { commandOf, type RunCommand } from '../lib/shortcuts';

/**
 * The exam screen's keyboard shortcuts (lib/shortcuts.ts), on the whole page. `onCommand` answers whether it
 * used the key (then the browser's own action for it is stopped: an arrow on a radio moves questions, not the
 * answer). Off while a dialog, menu or drawer is open and while typing.
 */
export function useRunShortcuts({
  enabled,
  choiceCount,
  onCommand,
}: {
  enabled: boolean;
  choiceCount: number;
  onCommand: (command: RunCommand) => boolean;
}) {
  const latest = useRef({ choiceCount, onCommand });
  latest.current = { choiceCount, onCommand };
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      // A menu or dialog that is open handles its own keys.
      if (target?.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      const command = commandOf(e, target, latest.current.choiceCount);
      if (command && latest.current.onCommand(command)) e.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
