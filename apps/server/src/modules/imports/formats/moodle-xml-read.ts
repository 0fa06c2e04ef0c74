import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { safeMediaName, sniffContentType, supportedMediaText, uniqueName } from './media';
import { readCategoryPath } from './moodle-category';
import { scanQuestions } from './moodle-xml-scan';
import {
  choiceLetters,
  FEEDBACK_FIELD,
  listOf,
  partialCreditNote,
  trueFalseChoices,
  unsupportedKind,
  WEIGHT_FIELD,
} from './question-kinds';
import { decodeXmlEntities, isBlankHtml, plainTextToHtml, textOrHtmlToHtml } from './text';
import type { PortableMedia, PortableQuestion } from './types';
import type { ResultCollector } from './validate';

type XmlNode = { [key: string]: unknown };

// <text> is kept raw (a stop node): Moodle writes HTML in CDATA, others escape it, some paste it bare.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  stopNodes: ['*.text'],
  isArray: (name) => ['question', 'answer', 'file', 'text'].includes(name),
});

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null;

function child(node: unknown, key: string): XmlNode | undefined {
  if (!isNode(node)) return undefined;
  const value = node[key];
  if (Array.isArray(value)) return isNode(value[0]) ? value[0] : undefined;
  return isNode(value) ? value : undefined;
}

function children(node: unknown, key: string): XmlNode[] {
  if (!isNode(node)) return [];
  const value = node[key];
  return (Array.isArray(value) ? value : [value]).filter(isNode);
}

function scalar(node: unknown, key: string): string {
  const value = isNode(node) ? node[key] : undefined;
  if (typeof value === 'string') return value.trim();
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim();
  return '';
}

/** CDATA as it is; outside it, escaped text is decoded unless it is bare HTML (it has a raw "<"). */
function unwrap(raw: string): string {
  let out = '';
  let last = 0;
  const segment = (s: string) => (s.includes('<') ? s : decodeXmlEntities(s));
  for (const m of raw.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)) {
    out += segment(raw.slice(last, m.index)) + (m[1] ?? '');
    last = m.index + m[0].length;
  }
  return (out + segment(raw.slice(last))).trim();
}

/** The <text> children of a node, unwrapped. */
function texts(node: XmlNode | undefined): string[] {
  const value = node?.text;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((t) => unwrap(typeof t === 'string' ? t : isNode(t) ? String(t['#text'] ?? '') : ''));
}

/** A Moodle text element as HTML, by its format attribute. */
function html(node: XmlNode | undefined): string {
  const text = texts(node)[0] ?? '';
  const format = String(node?.['@_format'] ?? 'html');
  if (format === 'html') return text;
  if (format === 'moodle_auto_format') return textOrHtmlToHtml(text);
  return plainTextToHtml(text);
}

/** Reads the <file> children of a text element into media and rewrites @@PLUGINFILE@@ links to them. */
function readFiles(
  node: XmlNode | undefined,
  place: PortableMedia['place'],
  question: PortableQuestion,
  collector: ResultCollector,
): string {
  const text = html(node);
  const byPath = new Map<string, string>();
  const taken = new Set(question.media.map((m) => m.name));
  for (const file of children(node, 'file')) {
    const fileName = String(file['@_name'] ?? '');
    const bytes = new Uint8Array(Buffer.from(String(file['#text'] ?? ''), 'base64'));
    const contentType = sniffContentType(bytes);
    if (!contentType) {
      const message = `The file "${fileName}" is not ${supportedMediaText}; it was left out`;
      collector.issue(question.line, 'media', message);
      continue;
    }
    const name = uniqueName(safeMediaName(fileName), taken);
    taken.add(name);
    question.media.push({ name, contentType, bytes, place });
    const folder = String(file['@_path'] ?? '/').replace(/^\/+|\/+$/g, '');
    byPath.set(folder ? `${folder}/${fileName}` : fileName, name);
  }
  return text.replace(/@@PLUGINFILE@@\/([^"'\s<>?#]+)/g, (whole, encoded: string) => {
    let path = encoded;
    try {
      path = decodeURIComponent(encoded);
    } catch {}
    const name = byPath.get(path);
    return name ? `media:${name}` : whole;
  });
}

/** Moodle's question types the product does not keep, as a teacher calls them. */
const unsupported: Record<string, string> = {
  matching: 'a matching question',
  randomsamatch: 'a random short-answer matching question',
  shortanswer: 'a short-answer question',
  numerical: 'a numerical question',
  essay: 'an essay question',
  description: 'a description (text with no answer to choose)',
  multianswer: 'an embedded-answers (Cloze) question',
  calculated: 'a calculated question',
  calculatedsimple: 'a calculated question',
  calculatedmulti: 'a calculated multichoice question',
  gapselect: 'a select-missing-words question',
  ddwtos: 'a drag-and-drop into text question',
  ddimageortext: 'a drag-and-drop onto image question',
  ddmarker: 'a drag-and-drop markers question',
  ordering: 'an ordering question',
};

function readQuestion(node: XmlNode, line: number, path: string[], collector: ResultCollector): void {
  const type = String(node['@_type'] ?? '');
  const extension = (key: string) => texts(child(node, key));
  const question: PortableQuestion = {
    name: texts(child(node, 'name'))[0] ?? '',
    stem: '',
    explanation: '',
    choices: [],
    references: extension('qbank_references'),
    reinforcements: extension('qbank_reinforcements'),
    path,
    freeSample: ['1', 'true', 'yes'].includes(scalar(node, 'qbank_free_sample').toLowerCase()),
    media: [],
    line,
  };
  const single = ['true', '1'].includes(scalar(node, 'single').toLowerCase());
  let blocking: string | null = null;
  if (type === 'multichoice' && !single)
    blocking = unsupportedKind('a multiple-answer question (more than one answer may be chosen)');
  else if (type !== 'multichoice' && type !== 'truefalse')
    blocking = unsupportedKind(unsupported[type] ?? `a Moodle "${type}" question`);
  if (blocking !== null) {
    collector.add(question, [{ line, field: 'type', message: blocking }]);
    return;
  }
  question.stem = readFiles(child(node, 'questiontext'), 'STEM', question, collector);
  question.explanation = readFiles(child(node, 'generalfeedback'), 'EXPLANATION', question, collector);
  const answers = children(node, 'answer');
  if (answers.some((answer) => children(answer, 'file').length > 0))
    collector.issue(line, 'media', 'Files in answer choices are not supported; they were left out');
  if (answers.some((answer) => children(child(answer, 'feedback'), 'file').length > 0))
    collector.issue(line, 'media', 'Files in the feedback on answers are not supported; they were left out');
  // Each answer's feedback is its choice's explanation.
  const feedback = (answer: XmlNode | undefined) => (answer ? html(child(answer, 'feedback')) : '');
  if (type === 'truefalse') {
    // Moodle writes the answers "true" and "false" (either order); the one with full credit is right.
    const full = (a: XmlNode | undefined) => a !== undefined && Number(a['@_fraction']) === 100;
    const named = (word: string) => answers.find((a) => html(a).trim().toLowerCase() === word);
    const [t, f] = [named('true'), named('false')];
    question.choices = trueFalseChoices(full(t), feedback(t), feedback(f));
    if (full(t) === full(f)) {
      const message =
        'A true/false question needs exactly one of its answers "true" and "false" marked right';
      collector.add(question, [{ line, field: 'correct', message }]);
      return;
    }
  } else {
    question.choices = answers.map((answer) => ({
      text: html(answer),
      correct: Number(answer['@_fraction']) === 100,
      explanation: feedback(answer),
    }));
    // One answer is right, the others score nothing: a partial credit or a penalty is named, not kept.
    const weighted = answers.flatMap((answer, i) => {
      const fraction = Number(answer['@_fraction'] ?? 0);
      return Number.isFinite(fraction) && fraction !== 0 && fraction !== 100
        ? [`${choiceLetters([i])[0]} (${fraction}%)`]
        : [];
    });
    if (weighted.length > 0) collector.issue(line, WEIGHT_FIELD, partialCreditNote(weighted));
  }
  // Moodle's feedback for any right, partly right or wrong answer, and its hints, have no place here.
  // Moodle fills them with "Your answer is correct." and the like unless a teacher writes their own.
  const said = (key: string) => {
    const text = html(child(node, key));
    return (
      !isBlankHtml(text) && !/^(<p>)?\s*Your answer is (partially )?(in)?correct\.?\s*(<\/p>)?$/i.test(text)
    );
  };
  const combined = (
    [
      ['correctfeedback', 'for a right answer'],
      ['partiallycorrectfeedback', 'for a partly right answer'],
      ['incorrectfeedback', 'for a wrong answer'],
    ] as const
  ).flatMap(([key, words]) => (said(key) ? [words] : []));
  if (combined.length > 0)
    collector.issue(
      line,
      FEEDBACK_FIELD,
      `The feedback ${listOf(combined)} was left out: learners see the question's explanation and each choice's own instead. Add it there if they need it`,
    );
  const hints = children(node, 'hint').filter((h) => !isBlankHtml(html(h))).length;
  if (hints > 0)
    collector.issue(
      line,
      'hint',
      `${hints === 1 ? 'The hint was' : `The ${hints} hints were`} left out: the product shows no hints. Add ${hints === 1 ? 'it' : 'them'} to the explanation if learners need ${hints === 1 ? 'it' : 'them'}`,
    );
  const tags = children(child(node, 'tags'), 'tag')
    .flatMap((t) => texts(t))
    .filter((t) => t.trim() !== '');
  if (tags.length > 0)
    collector.issue(
      line,
      'tags',
      `${tags.length === 1 ? 'The tag' : 'The tags'} ${listOf(tags.map((t) => `"${t}"`))} ${tags.length === 1 ? 'was' : 'were'} left out: the product files questions by subject, category and subcategory`,
    );
  collector.add(question);
}

export function readMoodleXml(xml: string, collector: ResultCollector): void {
  if (!/<quiz[\s>]/.test(xml)) {
    collector.issue(1, 'file', 'Not a Moodle XML quiz: the file has no <quiz> element');
    return;
  }
  let path: string[] = [];
  const brokenLines: number[] = [];
  for (const chunk of scanQuestions(xml)) {
    const valid = XMLValidator.validate(chunk.text);
    if (valid !== true || !chunk.closed) {
      const where = valid === true ? 1 : valid.err.line;
      const message = valid === true ? 'The <question> element is never closed' : valid.err.msg;
      collector.issue(chunk.line + where - 1, 'file', `Broken XML: ${message}`);
      brokenLines.push(chunk.line);
      continue;
    }
    const node = children(parser.parse(chunk.text), 'question')[0];
    if (!node) continue;
    if (node['@_type'] === 'category') {
      path = readCategoryPath(texts(child(node, 'category'))[0] ?? '');
      continue;
    }
    readQuestion(node, chunk.line, path, collector);
  }
  // Damage outside any question (a missing </quiz>) is still worth a line, once.
  const whole = XMLValidator.validate(xml);
  if (whole !== true && brokenLines.length === 0) {
    collector.issue(whole.err.line, 'file', `Broken XML: ${whole.err.msg}`);
  }
}
