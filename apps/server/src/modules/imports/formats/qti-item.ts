import { XMLValidator } from 'fast-xml-parser';
import { referenceLists } from './qti';
import { kindOf } from './qti-kinds';
import { ItemMedia, type Resolver } from './qti-media';
import { feedbackRules, partialScores, type Shown } from './qti-processing';
import {
  choiceLetters,
  FEEDBACK_FIELD,
  listOf,
  partialCreditNote,
  unsupportedKind,
  WEIGHT_FIELD,
} from './question-kinds';
import { isBlankHtml } from './text';
import type { PortableMedia, PortableQuestion } from './types';
import type { ResultCollector } from './validate';
import {
  childElements,
  descendants,
  firstChild,
  isElement,
  parseXmlTree,
  textOf,
  toHtml,
  withoutDoctype,
  type XmlElement,
  type XmlNode,
} from './xml-tree';

/** The product's own fields, which a package it exported carries in its manifest (qti.ts). */
export interface QbankFields {
  name: string;
  path: string[];
  references: string[];
  reinforcements: string[];
  freeSample: boolean;
  /** The files (as the item's HTML names them) shown with the stem or the explanation, not inside it. */
  attached: Set<string>;
}

/** Where an item comes from. */
export interface ItemSource {
  /** Its place among the package's items (1 for a lone item file): the "line" of its messages. */
  line: number;
  /** Its file, for messages. */
  href: string;
  /** Finds the files its HTML shows. */
  resolve: Resolver;
  fields?: QbankFields;
}

/** Exactly the exporter's references and key points at the end of the feedback: taken off (they are fields). */
function withoutLists(nodes: XmlNode[], fields: QbankFields | undefined): XmlNode[] {
  const lists = fields ? referenceLists(fields) : '';
  if (lists === '') return nodes;
  const significant = nodes.flatMap((n, i) => (isElement(n) || n.html.trim() !== '' ? [i] : []));
  for (const count of [2, 4]) {
    const from = significant.at(-count);
    if (from !== undefined && toHtml(nodes.slice(from)).trim() === lists) return nodes.slice(0, from);
  }
  return nodes;
}

/**
 * Reads one qti-assessment-item into the collector: a single-best-answer question, or the reason it is not.
 * Notes say what the question carries that the product cannot keep.
 */
export function readItem(xml: string, source: ItemSource, collector: ResultCollector): void {
  const { line, href } = source;
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    collector.issue(line, 'file', `${href}: broken XML at its line ${valid.err.line}: ${valid.err.msg}`);
    return;
  }
  const { xml: clean, declaredEntities } = withoutDoctype(xml);
  const root = parseXmlTree(clean)[0];
  if (root?.name !== 'qti-assessment-item') {
    const message =
      root?.name === 'assessmentItem'
        ? `${href} is a QTI 2 item; only QTI 3.0 items are read: export them as QTI 3.0`
        : `${href} is not a QTI 3.0 item: its root element is <${root?.name ?? 'none'}>, not <qti-assessment-item>`;
    collector.issue(line, 'file', message);
    return;
  }
  const fields = source.fields;
  const question: PortableQuestion = {
    name: fields?.name ?? root.attrs.title ?? '',
    stem: '',
    explanation: '',
    choices: [],
    references: fields?.references ?? [],
    reinforcements: fields?.reinforcements ?? [],
    path: fields?.path ?? [],
    freeSample: fields?.freeSample ?? false,
    media: [],
    line,
  };
  const note = (field: string, message: string) => collector.issue(line, field, message);
  const body = firstChild(root, 'qti-item-body');
  const kind = body ? kindOf(body) : { refused: unsupportedKind('a text with no answer to choose') };
  if (!body || 'refused' in kind) {
    collector.add(question, [{ line, field: 'type', message: 'refused' in kind ? kind.refused : '' }]);
    return;
  }
  const { interaction } = kind;
  if (declaredEntities)
    note(
      'file',
      'The item declares entities of its own (a DOCTYPE); they were not expanded, and a reference to one reads as it is written',
    );

  const media = new ItemMedia(question, source.resolve, collector, fields?.attached);
  const response = interaction.attrs['response-identifier'] ?? 'RESPONSE';
  const choiceElements = childElements(interaction, 'qti-simple-choice');
  const ids = choiceElements.map((c) => c.attrs.identifier ?? '');
  const letter = (id: string) => {
    const i = ids.indexOf(id);
    return i < 0 ? `"${id}"` : (choiceLetters([i])[0] as string);
  };
  const shownWhen = feedbackRules(root, response);
  const notes = { template: false, rubric: false, hint: false };
  const leftOut: string[] = [];
  // Feedback outside the choices: kept as the explanation, a choice's explanation, or named as left out.
  const general: string[] = [];
  const perChoice = new Map<string, string[]>();
  const place = (feedback: XmlElement, html: string) => {
    const outcome = feedback.attrs['outcome-identifier'] ?? '';
    const id = feedback.attrs.identifier ?? '';
    const shown: Shown =
      (feedback.attrs['show-hide'] ?? 'show') === 'show' ? shownWhen(outcome, id) : { when: 'other' };
    if (isBlankHtml(html)) return;
    if (shown.when === 'always') general.push(html);
    else if (shown.when === 'choice' && ids.includes(shown.choice))
      perChoice.set(shown.choice, [...(perChoice.get(shown.choice) ?? []), html]);
    else if (shown.when === 'correct')
      perChoice.set('#correct', [...(perChoice.get('#correct') ?? []), html]);
    else leftOut.push(shown.when === 'incorrect' ? 'for a wrong answer' : `"${id}" (shown on a condition)`);
  };

  /** The HTML of content nodes: QTI elements settled, files taken in (or named as left out). */
  const content = (nodes: XmlNode[], mediaPlace: PortableMedia['place'] | null, where: string): string =>
    toHtml(nodes, (el) => {
      const file = media.element(el, mediaPlace, where);
      if (file !== null) return file;
      if (el === interaction) {
        const prompt = firstChild(el, 'qti-prompt');
        return prompt ? content(prompt.children, mediaPlace, where) : '';
      }
      if (el.name === 'qti-feedback-block' || el.name === 'qti-feedback-inline') {
        place(el, feedbackHtml(el));
        return '';
      }
      if (el.name === 'qti-rubric-block') {
        if ((el.attrs.view ?? '').split(/\s+/).includes('candidate'))
          return content(firstChild(el, 'qti-content-body')?.children ?? el.children, mediaPlace, where);
        notes.rubric = true;
        return '';
      }
      if (el.name === 'qti-end-attempt-interaction') {
        notes.hint = true;
        return '';
      }
      if (el.name === 'qti-printed-variable' || el.name.startsWith('qti-template-')) {
        notes.template = true;
        return el.name === 'qti-printed-variable' ? '' : content(el.children, mediaPlace, where);
      }
      // Any other QTI element (qti-math-…, qti-content-body): its content, without it.
      if (el.name.startsWith('qti-')) return content(el.children, mediaPlace, where);
      return null;
    });
  const feedbackHtml = (el: XmlElement) => {
    const nodes = firstChild(el, 'qti-content-body')?.children ?? el.children;
    const { kept, files } = media.attached(nodes);
    const html = content(kept, 'EXPLANATION', 'feedback');
    media.attachAll(files, 'EXPLANATION');
    return html;
  };

  // The exporter's <div class="stem"> holds the stem, and the files shown with it at its end.
  const bodyNodes = body.children.flatMap((n) =>
    isElement(n) && n.name === 'div' && n.attrs.class === 'stem' && Object.keys(n.attrs).length === 1
      ? n.children
      : [n],
  );
  const stemNodes = media.attached(
    bodyNodes,
    (n) => n === interaction || n.name === 'qti-feedback-block' || n.name === 'qti-end-attempt-interaction',
  );
  question.stem = content(stemNodes.kept, 'STEM', 'the stem');
  media.attachAll(stemNodes.files, 'STEM');
  const choices = choiceElements.map((choice) => {
    const text = choice.children.filter((n) => !(isElement(n) && n.name === 'qti-feedback-inline'));
    // Inline feedback in a choice is that choice's own explanation, shown when it is the answer given.
    const why = childElements(choice, 'qti-feedback-inline').map((f) =>
      content(f.children, null, 'the feedback on answers'),
    );
    return { id: choice.attrs.identifier ?? '', text: content(text, null, 'answer choices'), why };
  });
  for (const feedback of childElements(root, 'qti-modal-feedback')) {
    const nodes = firstChild(feedback, 'qti-content-body')?.children ?? feedback.children;
    const { kept, files } = media.attached(withoutLists(nodes, fields));
    place(feedback, content(kept, 'EXPLANATION', 'feedback'));
    media.attachAll(files, 'EXPLANATION');
  }
  question.explanation = general.join('');

  // The key: the correct response, or else the choice a mapping scores highest.
  const declaration = childElements(root, 'qti-response-declaration').find(
    (d) => d.attrs.identifier === response,
  );
  const keyed = descendants(firstChild(declaration ?? root, 'qti-correct-response') ?? root, 'qti-value').map(
    textOf,
  );
  const mapping = declaration ? firstChild(declaration, 'qti-mapping') : undefined;
  const mapped = new Map(
    (mapping ? childElements(mapping, 'qti-map-entry') : []).map((e) => [
      e.attrs['map-key'] ?? '',
      Number(e.attrs['mapped-value'] ?? 0),
    ]),
  );
  let correct = new Set(keyed.slice(0, 1));
  if (keyed.length > 1)
    note(
      'correct',
      `The item takes ${listOf(keyed.map(letter))} as right answers; only ${letter(keyed[0] as string)} is kept as the right one: one answer is right, the others score 0`,
    );
  if (keyed.length === 0 && mapped.size > 0) {
    const top = Math.max(...mapped.values());
    if (top > 0) correct = new Set([...mapped].filter(([, v]) => v === top).map(([k]) => k));
  }
  const [key] = [...correct];
  if (key !== undefined && correct.size === 1 && !ids.includes(key)) {
    collector.add(question, [
      { line, field: 'correct', message: `The right answer "${key}" is not one of the choices` },
    ]);
    return;
  }
  // Partial credit: other choices a mapping scores, or a custom processing with scores between.
  const full = (key !== undefined ? mapped.get(key) : undefined) || Math.max(1, ...mapped.values());
  const weighted = ids.flatMap((id) => {
    const value = mapped.get(id) ?? 0;
    return correct.has(id) || value === 0 ? [] : [`${letter(id)} (${Math.round((value / full) * 100)}%)`];
  });
  if (weighted.length > 0) note(WEIGHT_FIELD, partialCreditNote(weighted));
  else if (partialScores(root))
    note(
      WEIGHT_FIELD,
      "The item's scoring gives part of the credit or a penalty for some answers; that was left out: the right answer scores 1 and every other answer 0",
    );

  const right = perChoice.get('#correct') ?? [];
  question.choices = choices.map((c) => ({
    text: c.text,
    correct: correct.has(c.id),
    explanation: [...c.why, ...(perChoice.get(c.id) ?? []), ...(correct.has(c.id) ? right : [])]
      .filter((h) => !isBlankHtml(h))
      .join(''),
  }));

  if (leftOut.length > 0)
    note(
      FEEDBACK_FIELD,
      `The feedback ${listOf(leftOut)} was left out: learners see the question's explanation and each choice's own instead. Add it there if they need it`,
    );
  if (notes.hint)
    note(
      'hint',
      'The hint was left out: the product shows no hints. Add it to the explanation if learners need it',
    );
  if (notes.rubric)
    note(
      'rubric',
      'The rubric for scorers, tutors or authors was left out: the product shows the stem, the choices and the explanation',
    );
  const templated = notes.template || childElements(root, 'qti-template-declaration').length > 0;
  if (templated)
    note(
      'template',
      "The item's template (values that change from one learner to the next) was left out: the question imports with the text as written",
    );
  collector.add(question);
}
