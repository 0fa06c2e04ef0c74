import { escapeHtml, plainTextToHtml, splitLines } from './text';
import type { ParseIssue, PortableQuestion } from './types';
import type { ResultCollector } from './validate';

/** "A. text" or "A) text": the letter, then the choice. */
const choiceLine = /^([A-Z])[.)]\s+(.*)$/;
const answerLine = /^ANSWER\s*:\s*(.*)$/i;

interface Draft {
  line: number;
  stem: string[];
  choices: { letter: string; text: string }[];
  blocking: ParseIssue[];
}

/**
 * Aiken as Moodle reads it: a stem (here it may run over several lines), choices lettered from A, then
 * "ANSWER: X". A blank line ends an unfinished question, so a missing ANSWER line costs only that block.
 */
export function readAiken(text: string, collector: ResultCollector): void {
  let draft: Draft | null = null;

  const finish = (answer: string | null, answerLineNumber: number) => {
    if (!draft) return;
    const d = draft;
    draft = null;
    const question: PortableQuestion = {
      name: '',
      stem: plainTextToHtml(d.stem.join('\n')),
      explanation: '',
      choices: d.choices.map((c) => ({ text: escapeHtml(c.text.trim()), correct: c.letter === answer })),
      references: [],
      reinforcements: [],
      path: [],
      freeSample: false,
      media: [],
      line: d.line,
    };
    const blocking = [...d.blocking];
    const add = (field: string, message: string) => blocking.push({ line: answerLineNumber, field, message });
    if (answer === null) add('correct', 'The question has no "ANSWER:" line after its choices');
    else if (!/^[A-Z]$/.test(answer)) add('correct', `"ANSWER:" takes one letter, not "${answer}"`);
    else if (d.choices.length > 0 && !d.choices.some((c) => c.letter === answer)) {
      const last = d.choices.at(-1)?.letter ?? 'A';
      add('correct', `The answer ${answer} is not one of the choices (A–${last})`);
    }
    collector.add(question, blocking);
  };

  splitLines(text).forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.trim();
    if (line === '') {
      if (draft) finish(null, draft.line);
      return;
    }
    draft ??= { line: lineNumber, stem: [], choices: [], blocking: [] };
    const answer = answerLine.exec(line);
    if (answer) {
      finish((answer[1] ?? '').trim().toUpperCase(), lineNumber);
      return;
    }
    const choice = choiceLine.exec(line);
    if (choice && (draft.choices.length > 0 || choice[1] === 'A')) {
      const letter = choice[1] ?? '';
      const expected = String.fromCharCode(65 + draft.choices.length);
      if (letter !== expected) {
        const message = `Choice ${expected} was expected here, not ${letter}`;
        draft.blocking.push({ line: lineNumber, field: 'choices', message });
      }
      draft.choices.push({ letter, text: choice[2] ?? '' });
    } else if (draft.choices.length > 0) {
      // A line that is not a choice after the choices: the previous choice wrapped onto it.
      const last = draft.choices.at(-1);
      if (last) last.text += ` ${line}`;
    } else {
      draft.stem.push(line);
    }
  });
  if (draft) finish(null, (draft as Draft).line);
}
