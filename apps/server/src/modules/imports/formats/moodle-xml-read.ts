import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { safeMediaName, sniffContentType, supportedMediaText, uniqueName } from './media';
import { readCategoryPath } from './moodle-category';
import { scanQuestions } from './moodle-xml-scan';
import { decodeXmlEntities, plainTextToHtml, textOrHtmlToHtml } from './text';
import type { ParseIssue, PortableMedia, PortableQuestion } from './types';
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
  const blocking: ParseIssue[] = [];
  const single = ['true', '1'].includes(scalar(node, 'single').toLowerCase());
  if (type !== 'multichoice') {
    blocking.push({
      line,
      field: 'type',
      message: `Not a single-best-answer question (Moodle ${type} question)`,
    });
  } else if (!single) {
    const message = 'Not a single-best-answer question (Moodle multichoice with multiple answers allowed)';
    blocking.push({ line, field: 'type', message });
  }
  if (blocking.length > 0) {
    collector.add(question, blocking);
    return;
  }
  question.stem = readFiles(child(node, 'questiontext'), 'STEM', question, collector);
  question.explanation = readFiles(child(node, 'generalfeedback'), 'EXPLANATION', question, collector);
  question.choices = children(node, 'answer').map((answer) => {
    if (children(answer, 'file').length > 0)
      collector.issue(line, 'media', 'Files in answer choices are not supported; they were left out');
    return { text: html(answer), correct: Number(answer['@_fraction']) === 100 };
  });
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
