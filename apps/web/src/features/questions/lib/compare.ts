import type { Question } from '@qbank/contract';
import { diffWords } from 'diff';
import { choiceLetter } from './question-form';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Rich text as the words a reader sees, one line per paragraph, list item or table row, for comparing
 * versions. The server stores sanitised HTML, so a plain pass over its tags is enough.
 */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<img\b[^>]*>/gi, ' [image] ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h[1-6]|tr|blockquote|pre)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, ' | ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
        );
      return entities[e.toLowerCase()] ?? m;
    })
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** The parts of a question a comparison shows, each as plain text. */
export function comparableSections(q: Question): { label: string; text: string }[] {
  const correct = q.answerChoices.findIndex((c) => c.uuid === q.correctAnswerChoice);
  return [
    { label: 'Name', text: q.name },
    { label: 'Stem', text: htmlToPlain(q.questionStem) },
    {
      label: 'Choices',
      text: q.answerChoices.map((c, i) => `${choiceLetter(i)}. ${htmlToPlain(c.text)}`).join('\n'),
    },
    {
      label: 'Correct answer',
      text:
        correct < 0
          ? 'None chosen'
          : `${choiceLetter(correct)}. ${htmlToPlain(q.answerChoices[correct]!.text)}`,
    },
    { label: 'Explanation', text: htmlToPlain(q.explanation) },
    {
      label: 'Choice explanations',
      text: q.answerChoices
        .flatMap((c, i) => (c.explanation ? [`${choiceLetter(i)}. ${htmlToPlain(c.explanation)}`] : []))
        .join('\n'),
    },
    { label: 'References', text: q.references.join('\n') },
    { label: 'Reinforcements', text: q.reinforcements.join('\n') },
  ];
}

export interface DiffPart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/**
 * A word diff of two texts as two columns: the older one with what was removed, the newer one with what was
 * added, both with what stayed.
 */
export function sideBySide(
  older: string,
  newer: string,
): { older: DiffPart[]; newer: DiffPart[]; changed: boolean } {
  const out = { older: [] as DiffPart[], newer: [] as DiffPart[], changed: false };
  for (const part of diffWords(older, newer)) {
    if (part.added) {
      out.newer.push({ text: part.value, kind: 'added' });
      out.changed = true;
    } else if (part.removed) {
      out.older.push({ text: part.value, kind: 'removed' });
      out.changed = true;
    } else {
      out.older.push({ text: part.value, kind: 'same' });
      out.newer.push({ text: part.value, kind: 'same' });
    }
  }
  return out;
}
