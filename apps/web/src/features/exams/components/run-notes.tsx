import { Textarea } from '@mantine/core';
import { TEST_NOTE_MAX } from '@qbank/contract';
import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before the note is saved (a save per keystroke would flood the queue). */
const SAVE_AFTER_MS = 600;

/**
 * The learner's note on a question: saved a moment after typing stops, when the field loses focus, and when
 * the question changes (the parent keys this by question). Shortcuts stay quiet while it has the focus.
 */
export function RunNotes({ note, onSave }: { note: string; onSave: (note: string) => void }) {
  const [draft, setDraft] = useState(note);
  const saved = useRef(note);
  const latest = useRef({ draft, onSave });
  latest.current = { draft, onSave };

  const save = () => {
    const { draft: text, onSave: send } = latest.current;
    if (text === saved.current) return;
    saved.current = text;
    send(text);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a pause after each change of the draft
  useEffect(() => {
    const timer = setTimeout(save, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves what is left when the question changes
  useEffect(() => () => save(), []);

  return (
    <Textarea
      label="Notes"
      description="Only you see your notes; they stay with this question in your review."
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={save}
      maxLength={TEST_NOTE_MAX}
      autosize
      minRows={2}
      maxRows={8}
    />
  );
}
