import { type GIFTQuestion, parse, type TextFormat } from 'gift-pegjs';
import { readCategoryPath } from './moodle-category';
import {
  choiceLetters,
  partialCreditNote,
  trueFalseChoices,
  unsupportedKind,
  WEIGHT_FIELD,
} from './question-kinds';
import { plainTextToHtml, splitLines, textOrHtmlToHtml } from './text';
import type { PortableQuestion } from './types';
import type { ResultCollector } from './validate';

/** The kinds of GIFT question the product does not keep, as a teacher calls them. */
const unsupported: Partial<Record<GIFTQuestion['type'], string>> = {
  Description: 'a description (text with no answer to choose)',
  Numerical: 'a numerical question',
  Short: 'a short-answer question',
  Essay: 'an essay question',
  Matching: 'a matching question',
};

interface Block {
  text: string;
  line: number;
}

/**
 * Questions are separated by blank lines, as Moodle's own GIFT import does, so one broken question costs only
 * itself. An answer block left open before a blank line goes on when the next line continues it ("~", "=",
 * "#", "}"), which hand-written files often do.
 */
function splitBlocks(lines: string[]): Block[] {
  const blocks: { lines: string[]; line: number }[] = [];
  let open = 0;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const current = blocks.at(-1);
    const afterBlank = index > 0 && lines[index - 1]?.trim() === '';
    const continues = open > 0 && /^[~=#}]/.test(line);
    if (current === undefined || (afterBlank && !continues)) {
      blocks.push({ lines: [raw], line: index + 1 });
      open = 0;
    } else {
      current.lines.push(raw);
    }
    if (!line.startsWith('//')) open += braceBalance(line);
  });
  return blocks.map((b) => ({ text: b.lines.join('\n'), line: b.line }));
}

function braceBalance(line: string): number {
  const unescaped = line.replace(/\\./g, '');
  return (unescaped.match(/\{/g)?.length ?? 0) - (unescaped.match(/\}/g)?.length ?? 0);
}

/**
 * [html] stays HTML; Moodle's default auto-format is HTML when it has tags, else plain text; [plain] and
 * [markdown] are escaped as plain text (markdown is not rendered: its marks stay visible, nothing is lost).
 */
function toHtml(text: TextFormat | null): string {
  if (!text) return '';
  if (text.format === 'html') return text.text.trim();
  if (text.format === 'moodle') return textOrHtmlToHtml(text.text);
  return plainTextToHtml(text.text);
}

/** The first line of a block that is not a comment: where an author looks for the question. */
function questionLine(block: Block): number {
  const offset = block.text.split('\n').findIndex((l) => !l.trim().startsWith('//'));
  return block.line + Math.max(offset, 0);
}

export function readGift(text: string, collector: ResultCollector): void {
  let path: string[] = [];
  for (const block of splitBlocks(splitLines(text))) {
    // The parser wants a question after comments; a block of comments alone is just notes.
    if (block.text.split('\n').every((l) => l.trim().startsWith('//'))) continue;
    let parsed: GIFTQuestion[];
    try {
      parsed = parse(`${block.text}\n`);
    } catch (error) {
      const location = (error as { location?: { start?: { line?: number } } }).location;
      const message =
        error instanceof Error ? error.message.replace('end of input', 'the end of the question') : '';
      // "The end of the question" is past its last line: point at the last line instead.
      const last = block.line + block.text.split('\n').length - 1;
      const line = Math.min(block.line + (location?.start?.line ?? 1) - 1, last);
      collector.issue(line, 'file', `GIFT syntax error: ${message}`);
      continue;
    }
    const line = questionLine(block);
    for (const item of parsed) {
      if (item.type === 'Category') {
        path = readCategoryPath(item.title);
        continue;
      }
      const question: PortableQuestion = {
        name: item.title ?? '',
        stem: toHtml(item.stem),
        explanation: 'globalFeedback' in item ? toHtml(item.globalFeedback) : '',
        choices: [],
        references: [],
        reinforcements: [],
        path,
        freeSample: false,
        media: [],
        line,
      };
      // {T} / {TRUE} / {F} / {FALSE}: two choices, True and False, the right one correct.
      if (item.type === 'TF') {
        // "{T#a#b}": Moodle shows the first feedback for the wrong answer, the second for the right one
        // (gift-pegjs keeps them in that order, as trueFeedback and falseFeedback). Each becomes the
        // explanation of the choice it is shown for.
        const onWrong = toHtml(item.trueFeedback);
        const onRight = toHtml(item.falseFeedback);
        question.choices = item.isTrue
          ? trueFalseChoices(true, onRight, onWrong)
          : trueFalseChoices(false, onWrong, onRight);
        collector.add(question);
        continue;
      }
      if (item.type !== 'MC') {
        const kind = unsupported[item.type] ?? `a ${item.type} question`;
        collector.add(question, [{ line, field: 'type', message: unsupportedKind(kind) }]);
        continue;
      }
      question.choices = item.choices.map((c) => ({
        text: toHtml(c.text),
        correct: c.isCorrect || c.weight === 100,
        explanation: toHtml(c.feedback),
      }));
      // "~%50%a ~%50%b" has no full-credit answer: a multiple-answer question, not a wrong key.
      const partial = item.choices.some((c) => (c.weight ?? 0) > 0);
      if (partial && !question.choices.some((c) => c.correct)) {
        const message = unsupportedKind('a multiple-answer question (its answers share the credit)');
        collector.add(question, [{ line, field: 'type', message }]);
        continue;
      }
      // "=right ~%50%almost ~%-25%bad": one right answer is kept; the other weights are not.
      const weighted = item.choices.flatMap((c, i) =>
        c.weight !== null && c.weight !== 0 && c.weight !== 100
          ? [`${choiceLetters([i])[0]} (${c.weight}%)`]
          : [],
      );
      if (weighted.length > 0) collector.issue(line, WEIGHT_FIELD, partialCreditNote(weighted));
      collector.add(question);
    }
  }
}
