import { createHash } from 'node:crypto';
import {
  CATALOGUE_NAME_MAX,
  CHOICE_TEXT_MAX,
  isSafeText,
  MEDIA_LIMITS,
  QUESTION_NAME_MAX,
  REFERENCE_MAX,
  REFERENCES_MAX,
} from '@qbank/contract';
import { sniffMedia } from '../../lib/media-type';
import { mediaUrl } from '../../lib/media-url';
import { isBlankRichText, sanitizeRichText } from '../../lib/rich-text';
import type { ParseIssue, PortableQuestion } from './formats';

/** A media file of a question, recognised by its bytes and named by their SHA-256. */
export interface PreparedMedia {
  hash: string;
  contentType: string;
  bytes: Uint8Array;
  place: 'STEM' | 'EXPLANATION';
}

/** A question as it will be stored: HTML sanitised, media linked by their final URLs. */
export interface PreparedQuestion {
  /** Its place among the questions the file's reader accepted; with the import's id it makes the question's id. */
  index: number;
  line: number;
  name: string;
  stem: string;
  explanation: string;
  /** `explanation` only when the choice has one that says something. */
  choices: { text: string; correct: boolean; explanation?: string }[];
  references: string[];
  reinforcements: string[];
  /** 0..3 names, as the file gave them (the importer fills the missing levels, tree.ts). */
  path: string[];
  freeSample: boolean;
  media: PreparedMedia[];
}

const letters = 'ABCDEFGHIJ';
const levels = ['subject', 'category', 'subcategory'];
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a tree name may not hold
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const thousands = (n: number) => n.toLocaleString('en');

/** src="media:<name>" → the stored file's URL; a name without a stored file is left for the sanitiser to drop. */
function linkMedia(html: string, urls: Map<string, string>): string {
  return html.replace(
    /(\bsrc\s*=\s*)(["'])media:([^"']*)\2/gi,
    (whole, attr: string, quote: string, name: string) => {
      const url = urls.get(name);
      return url ? `${attr}${quote}${url}${quote}` : whole;
    },
  );
}

/**
 * What the editor would refuse on a save, checked before anything is written: the same rules as a question
 * typed in (the contract's limits, rich text that is not blank once sanitised, tree names a subject tree
 * takes). Media that are not an allowed type or are too large are left out with a message; the question
 * still imports, as the format readers do with files they cannot use.
 */
export async function prepareQuestion(
  q: PortableQuestion,
  index: number,
): Promise<{ question: PreparedQuestion | null; issues: ParseIssue[] }> {
  const notes: ParseIssue[] = [];
  const blocking: ParseIssue[] = [];
  const block = (field: string, message: string) => blocking.push({ line: q.line, field, message });

  const media: PreparedMedia[] = [];
  const urls = new Map<string, string>();
  for (const m of q.media) {
    const sniffed = await sniffMedia(m.bytes);
    if (!sniffed) {
      notes.push({
        line: q.line,
        field: 'media',
        message: `The file "${m.name}" is not an image or video the product shows; it was left out`,
      });
      continue;
    }
    const limit = MEDIA_LIMITS[sniffed.kind];
    if (m.bytes.length > limit) {
      notes.push({
        line: q.line,
        field: 'media',
        message: `The file "${m.name}" is larger than ${megabytes(limit)}, the most ${sniffed.kind === 'image' ? 'an image' : 'a video'} may be; it was left out`,
      });
      continue;
    }
    const hash = createHash('sha256').update(m.bytes).digest('hex');
    urls.set(m.name, mediaUrl(hash));
    media.push({ hash, contentType: sniffed.contentType, bytes: m.bytes, place: m.place });
  }

  const stem = sanitizeRichText(linkMedia(q.stem, urls));
  if (isBlankRichText(stem))
    block('stem', 'The stem is empty once the HTML the product does not keep is removed');
  const explanation = sanitizeRichText(linkMedia(q.explanation, urls));
  const choices = q.choices.map((c, i) => {
    const text = sanitizeRichText(c.text);
    const letter = letters[i] ?? String(i + 1);
    if (isBlankRichText(text))
      block('choices', `Answer choice ${letter} is empty once the HTML the product does not keep is removed`);
    else if (text.length > CHOICE_TEXT_MAX)
      block('choices', `Answer choice ${letter} is longer than ${thousands(CHOICE_TEXT_MAX)} characters`);
    const why = sanitizeRichText(c.explanation ?? '');
    if (why.length > CHOICE_TEXT_MAX)
      block(
        'choices',
        `The explanation of answer choice ${letter} is longer than ${thousands(CHOICE_TEXT_MAX)} characters`,
      );
    return isBlankRichText(why)
      ? { text, correct: c.correct }
      : { text, correct: c.correct, explanation: why };
  });

  if (q.name.length > QUESTION_NAME_MAX)
    block('name', `The name is longer than ${QUESTION_NAME_MAX} characters`);
  for (const [field, label, list] of [
    ['references', 'references', q.references],
    ['reinforcements', 'key points', q.reinforcements],
  ] as const) {
    if (list.length > REFERENCES_MAX) block(field, `A question can have at most ${REFERENCES_MAX} ${label}`);
    if (list.some((s) => s.length > REFERENCE_MAX))
      block(field, `One of the ${label} is longer than ${thousands(REFERENCE_MAX)} characters`);
  }
  q.path.forEach((name, i) => {
    const level = levels[i] ?? 'path';
    if (CONTROL_CHARACTERS.test(name))
      block(level, `The ${level} name must be one line without control characters`);
    else if (name.length > CATALOGUE_NAME_MAX)
      block(level, `The ${level} name is longer than ${CATALOGUE_NAME_MAX} characters`);
  });
  if (![q.name, ...q.references, ...q.reinforcements, ...q.path].every(isSafeText))
    block('file', 'The question holds characters that cannot be stored (a NUL or a broken character)');

  if (blocking.length > 0) return { question: null, issues: [...blocking, ...notes] };
  return {
    question: {
      index,
      line: q.line,
      name: q.name,
      stem,
      explanation,
      choices,
      references: q.references,
      reinforcements: q.reinforcements,
      path: q.path,
      freeSample: q.freeSample,
      media,
    },
    issues: notes,
  };
}
