import { unsupportedKind } from './question-kinds';
import { descendants, type XmlElement } from './xml-tree';

/** QTI's interactions other than a single choice, as a teacher calls the question they make. */
const interactionKinds: Record<string, string> = {
  'qti-text-entry-interaction': 'a fill-in-the-blank (short answer) question',
  'qti-extended-text-interaction': 'an essay question',
  'qti-match-interaction': 'a matching question',
  'qti-associate-interaction': 'a matching (pairs) question',
  'qti-order-interaction': 'an ordering question',
  'qti-graphic-order-interaction': 'an ordering question',
  'qti-gap-match-interaction': 'a drag-and-drop into text question',
  'qti-graphic-gap-match-interaction': 'a drag-and-drop onto image question',
  'qti-inline-choice-interaction': 'a select-missing-words question',
  'qti-hottext-interaction': 'a select-the-words (hot text) question',
  'qti-hotspot-interaction': 'a hotspot (click on the image) question',
  'qti-graphic-associate-interaction': 'a hotspot (click on the image) question',
  'qti-select-point-interaction': 'a hotspot (click on the image) question',
  'qti-position-object-interaction': 'a drag-and-drop onto image question',
  'qti-slider-interaction': 'a slider (numeric) question',
  'qti-upload-interaction': 'a file upload question',
  'qti-drawing-interaction': 'a drawing question',
  'qti-media-interaction': 'a media question (watch or listen, no answer to choose)',
  'qti-custom-interaction': 'a custom interaction',
  'qti-portable-custom-interaction': 'a custom interaction',
};

const multipleAnswers = 'a multiple-answer question (more than one answer may be chosen)';

/** Why the item is not a single-best-answer question, or null with its one choice interaction. */
export function kindOf(body: XmlElement): { interaction: XmlElement } | { refused: string } {
  const interactions = descendants(body).filter(
    (e) => e.name.endsWith('-interaction') && e.name !== 'qti-end-attempt-interaction',
  );
  const [only] = interactions;
  if (!only) return { refused: unsupportedKind('a text with no answer to choose') };
  if (interactions.length > 1)
    return {
      refused: unsupportedKind(`a question in ${interactions.length} parts, each answered on its own`),
    };
  if (only.name !== 'qti-choice-interaction')
    return { refused: unsupportedKind(interactionKinds[only.name] ?? `a QTI "${only.name}" question`) };
  if ((only.attrs['max-choices'] ?? '1').trim() !== '1') return { refused: unsupportedKind(multipleAnswers) };
  return { interaction: only };
}
