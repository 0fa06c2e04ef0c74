import { createHash } from 'node:crypto';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { inlineMediaNames, safeMediaName, uniqueName } from './media';
import { mediaOfPart } from './media-refs';
import { escapeHtml as esc, stripXmlInvalid } from './text';
import type { PortableMedia, PortableQuestion } from './types';
import { letters } from './validate';
import { htmlToXhtml } from './xhtml';

const itemNs =
  'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"';
const manifestNs =
  'xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd"';
const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';

interface WrittenItem {
  id: string;
  href: string;
  xml: string;
  /** Zip path → bytes. */
  files: Map<string, Uint8Array>;
  section: string;
  /** The product's own fields, in the manifest: what QTI has no place for, read back by the importer. */
  metadata: string;
}

/**
 * The namespace of the product's fields in a package's manifest (an IMS content package takes any other
 * namespace in a resource's metadata; players ignore it). The importer reads them back (qti-read.ts).
 */
export const QBANK_NS = 'https://qbankcloud.com/xsd/qti-package/v1';

const text = (s: string) => esc(stripXmlInvalid(s));

/**
 * Scores 1 for the keyed choice; once the candidate has answered, shows the explanation (when there is one)
 * and the inline feedback of the choice they gave (when choices have one).
 */
const processing = (explanation: boolean, choices: boolean) =>
  [
    '  <qti-response-processing>',
    '    <qti-response-condition>',
    '      <qti-response-if>',
    '        <qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>',
    '        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>',
    '      </qti-response-if>',
    '      <qti-response-else>',
    '        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value>',
    '      </qti-response-else>',
    '    </qti-response-condition>',
    ...(explanation
      ? [
          '    <qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">EXPLANATION</qti-base-value></qti-set-outcome-value>',
        ]
      : []),
    ...(choices
      ? [
          '    <qti-set-outcome-value identifier="RESPONSE_FEEDBACK"><qti-variable identifier="RESPONSE"/></qti-set-outcome-value>',
        ]
      : []),
    '  </qti-response-processing>',
  ].join('\n');
const matchCorrect =
  '  <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>';

/**
 * References and key points as they are shown after the explanation, where the product shows them too (the
 * importer takes exactly this back off the explanation).
 */
export function referenceLists(q: Pick<PortableQuestion, 'references' | 'reinforcements'>): string {
  const list = (title: string, items: string[]) =>
    items.length === 0
      ? ''
      : `<p><strong>${title}</strong></p><ul>${items.map((i) => `<li>${text(i)}</li>`).join('')}</ul>`;
  return `${list('References', q.references)}${list('Key points', q.reinforcements)}`;
}

/**
 * The question's own fields, which the item shows only as text or not at all; `attached` the files shown
 * with the stem or the explanation rather than inside it, which the item appends (media-refs.ts).
 */
function metadataOf(q: PortableQuestion, attached: string[]): string {
  const field = (name: string, value: string) => `<qbank:${name}>${text(value)}</qbank:${name}>`;
  const levels = ['subject', 'category', 'subcategory'];
  return [
    `<qbank:question xmlns:qbank="${QBANK_NS}">`,
    field('name', q.name),
    ...q.path.map((name, i) => field(levels[i] ?? 'subcategory', name)),
    ...q.references.map((r) => field('reference', r)),
    ...q.reinforcements.map((r) => field('key-point', r)),
    field('free-sample', String(q.freeSample)),
    ...attached.map((href) => field('attached', href)),
    '</qbank:question>',
  ].join('');
}

function writeItem(q: PortableQuestion, index: number): WrittenItem {
  const id = `item-${String(index + 1).padStart(4, '0')}`;
  const files = new Map<string, Uint8Array>();
  const paths = new Map<PortableMedia, string>();
  const taken = new Set<string>();
  // Files sit beside their item in media/<item>/, so two questions' "figure.png" never collide.
  const url = (m: PortableMedia) => {
    let path = paths.get(m);
    if (!path) {
      const name = uniqueName(safeMediaName(m.name), taken);
      taken.add(name);
      path = `media/${id}/${name}`;
      paths.set(m, path);
      files.set(path, m.bytes);
    }
    return path;
  };
  const stem = htmlToXhtml(mediaOfPart(q, 'STEM', url).html);
  const explanation = htmlToXhtml(mediaOfPart(q, 'EXPLANATION', url).html);
  const attached = q.media
    .filter((m) => !inlineMediaNames(m.place === 'STEM' ? q.stem : q.explanation).has(m.name))
    .map(url);
  const correct = letters[q.choices.findIndex((c) => c.correct)] ?? 'A';
  const feedback = `${explanation}${referenceLists(q)}`;
  const hasFeedback = feedback.trim() !== '';
  // A choice's own explanation is inline feedback inside it, shown once that choice is the answer given.
  const choices = q.choices
    .map((c, i) => {
      const why = c.explanation
        ? `<qti-feedback-inline outcome-identifier="RESPONSE_FEEDBACK" identifier="${letters[i]}" show-hide="show">${htmlToXhtml(c.explanation)}</qti-feedback-inline>`
        : '';
      return `      <qti-simple-choice identifier="${letters[i]}">${htmlToXhtml(c.text)}${why}</qti-simple-choice>`;
    })
    .join('\n');
  const choiceFeedback = q.choices.some((c) => c.explanation);
  const lines = [
    `${xmlHead}<qti-assessment-item ${itemNs} identifier="${id}" title="${text(q.name || `Question ${index + 1}`)}" adaptive="false" time-dependent="false">`,
    '  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">',
    `    <qti-correct-response><qti-value>${correct}</qti-value></qti-correct-response>`,
    '  </qti-response-declaration>',
    '  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" normal-maximum="1">',
    '    <qti-default-value><qti-value>0</qti-value></qti-default-value>',
    '  </qti-outcome-declaration>',
    ...(hasFeedback
      ? ['  <qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>']
      : []),
    ...(choiceFeedback
      ? [
          '  <qti-outcome-declaration identifier="RESPONSE_FEEDBACK" cardinality="single" base-type="identifier"/>',
        ]
      : []),
    '  <qti-item-body>',
    `    <div class="stem">${stem}</div>`,
    '    <qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">',
    choices,
    '    </qti-choice-interaction>',
    '  </qti-item-body>',
    hasFeedback || choiceFeedback ? processing(hasFeedback, choiceFeedback) : matchCorrect,
    ...(hasFeedback
      ? [
          '  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="EXPLANATION" show-hide="show" title="Explanation">',
          `    <qti-content-body>${feedback}</qti-content-body>`,
          '  </qti-modal-feedback>',
        ]
      : []),
    '</qti-assessment-item>',
  ];
  return {
    id,
    href: `${id}.xml`,
    xml: lines.join('\n'),
    files,
    section: q.path.join(' › '),
    metadata: metadataOf(q, attached),
  };
}

/** One test, one part, a section per subject › category › subcategory, in the bank's order. */
function writeTest(items: WrittenItem[], title: string): string {
  const sections = new Map<string, WrittenItem[]>();
  for (const item of items) sections.set(item.section, [...(sections.get(item.section) ?? []), item]);
  const body = [...sections].map(([name, list], i) => {
    const refs = list.map(
      (item) => `      <qti-assessment-item-ref identifier="${item.id}" href="${item.href}"/>`,
    );
    return [
      `    <qti-assessment-section identifier="section-${i + 1}" title="${text(name || title)}" visible="true">`,
      ...refs,
      '    </qti-assessment-section>',
    ].join('\n');
  });
  return [
    `${xmlHead}<qti-assessment-test ${itemNs} identifier="assessment" title="${text(title)}">`,
    '  <qti-test-part identifier="part-1" navigation-mode="nonlinear" submission-mode="individual">',
    ...body,
    '  </qti-test-part>',
    '</qti-assessment-test>',
  ].join('\n');
}

function writeManifest(items: WrittenItem[], title: string, identifier: string): string {
  const file = (href: string) => `      <file href="${text(href)}"/>`;
  const itemResources = items.map((item) =>
    [
      `    <resource identifier="${item.id}" type="imsqti_item_xmlv3p0" href="${item.href}">`,
      `      <metadata>${item.metadata}</metadata>`,
      file(item.href),
      ...[...item.files.keys()].map(file),
      '    </resource>',
    ].join('\n'),
  );
  return [
    `${xmlHead}<manifest ${manifestNs} identifier="${identifier}">`,
    '  <metadata>',
    '    <schema>QTI Package</schema>',
    '    <schemaversion>3.0.0</schemaversion>',
    `    <lom xmlns="http://ltsc.ieee.org/xsd/LOM"><general><title><string>${text(title)}</string></title></general></lom>`,
    '  </metadata>',
    '  <organizations/>',
    '  <resources>',
    '    <resource identifier="assessment" type="imsqti_test_xmlv3p0" href="assessment.xml">',
    file('assessment.xml'),
    ...items.map((item) => `      <dependency identifierref="${item.id}"/>`),
    '    </resource>',
    ...itemResources,
    '  </resources>',
    '</manifest>',
  ].join('\n');
}

/**
 * The bank as an IMS QTI 3.0 content package: an item per question, an assessment test listing them by
 * subject, their media, and imsmanifest.xml naming every resource and file.
 */
export async function toQti3Zip(questions: PortableQuestion[], opts: { title: string }): Promise<Uint8Array> {
  const items = questions.map(writeItem);
  const test = writeTest(items, opts.title);
  // Named after its content: the same bank exports under the same identifier, another bank never does.
  const digest = createHash('sha256');
  for (const item of items) digest.update(item.xml).update(item.metadata);
  const identifier = `qbank-${digest.update(test).digest('hex').slice(0, 16)}`;
  const zip: Zippable = {
    'imsmanifest.xml': strToU8(writeManifest(items, opts.title, identifier)),
    'assessment.xml': strToU8(test),
  };
  for (const item of items) {
    zip[item.href] = strToU8(item.xml);
    // Images and video are compressed already; deflating them again costs time for nothing.
    for (const [path, bytes] of item.files) zip[path] = [bytes, { level: 0 }];
  }
  return zipSync(zip, { level: 6 });
}
