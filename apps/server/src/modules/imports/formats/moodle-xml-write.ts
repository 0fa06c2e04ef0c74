import { XMLBuilder } from 'fast-xml-parser';
import { mediaOfPart } from './media-refs';
import { writeCategoryPath } from './moodle-category';
import { stripXmlInvalid } from './text';
import type { PortableMedia, PortableQuestion } from './types';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
  cdataPropName: '__cdata',
});

/** HTML goes in CDATA, as Moodle writes it, so a teacher can read the file (the builder splits a "]]>"). */
const html = (value: string) =>
  /[<&]/.test(value) ? { __cdata: stripXmlInvalid(value) } : stripXmlInvalid(value);

const pluginFile = (m: PortableMedia) => `@@PLUGINFILE@@/${encodeURIComponent(m.name)}`;

/** A Moodle text element with its files, the HTML pointing at them through @@PLUGINFILE@@. */
function textWithFiles(question: PortableQuestion, place: PortableMedia['place']) {
  const { html: part, media } = mediaOfPart(question, place, pluginFile);
  const files = media.map((m) => ({
    '@_name': m.name,
    '@_path': '/',
    '@_encoding': 'base64',
    '#text': Buffer.from(m.bytes).toString('base64'),
  }));
  return { '@_format': 'html', text: html(part), ...(files.length > 0 ? { file: files } : {}) };
}

function multichoice(q: PortableQuestion) {
  return {
    '@_type': 'multichoice',
    name: { text: stripXmlInvalid(q.name) },
    questiontext: textWithFiles(q, 'STEM'),
    generalfeedback: textWithFiles(q, 'EXPLANATION'),
    defaultgrade: '1',
    penalty: '0.3333333',
    hidden: '0',
    single: 'true',
    // Board-style items are written in a deliberate order ("none of the above" stays last).
    shuffleanswers: 'false',
    answernumbering: 'ABCD',
    answer: q.choices.map((c) => ({
      '@_fraction': c.correct ? '100' : '0',
      '@_format': 'html',
      text: html(c.text),
      feedback: { '@_format': 'html', text: html(c.explanation ?? '') },
    })),
    // Not Moodle's: Moodle ignores elements it does not know, and the product reads them back.
    ...(q.references.length > 0 ? { qbank_references: { text: q.references.map(stripXmlInvalid) } } : {}),
    ...(q.reinforcements.length > 0
      ? { qbank_reinforcements: { text: q.reinforcements.map(stripXmlInvalid) } }
      : {}),
    ...(q.freeSample ? { qbank_free_sample: '1' } : {}),
  };
}

/** The bank as Moodle XML: a category question wherever the path changes, then single-answer multichoice. */
export function toMoodleXml(questions: PortableQuestion[]): string {
  const out: object[] = [];
  let current: string | null = null;
  for (const q of questions) {
    const category = writeCategoryPath(q.path);
    if (category !== current) {
      out.push({ '@_type': 'category', category: { text: stripXmlInvalid(category) } });
      current = category;
    }
    out.push(multichoice(q));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ quiz: { question: out } })}`;
}
