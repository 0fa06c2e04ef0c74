import { childElements, descendants, firstChild, textOf, type XmlElement } from './xml-tree';

/**
 * When a QTI item shows its feedback, as far as the product can keep it: a feedback element is shown when
 * its outcome variable holds its identifier, and response processing sets the outcomes. Read here:
 * - `always`: set whatever the answer (outside any condition, or the outcome's default value): the
 *   explanation, shown to everyone after answering;
 * - `choice`: set only for one choice given (the outcome set to the response itself, whose value is the
 *   choice's identifier, or set inside a condition matching the response to one choice): that choice's
 *   explanation;
 * - `correct`, `incorrect`: set when the answer is right, or wrong (the if and else of matching the response
 *   to the correct one): the right choice's explanation, and feedback the product has no place for;
 * - `other`: any other condition, which the product has no place for either.
 */
export type Shown =
  | { when: 'always' }
  | { when: 'choice'; choice: string }
  | { when: 'correct' }
  | { when: 'incorrect' }
  | { when: 'other' };

type Context =
  | { when: 'always' }
  | { when: 'choice'; choice: string }
  | { when: 'correct' | 'incorrect' | 'other' };

/** What an outcome may be set to: the response itself, or fixed identifiers. */
interface Setting {
  outcome: string;
  response: boolean;
  values: string[];
  context: Context;
}

/** The identifier a `qti-match` compares the response with: a choice, "correct", or null for anything else. */
function matched(condition: XmlElement | undefined, response: string): string | 'correct' | null {
  if (condition?.name !== 'qti-match') return null;
  const [a, b, ...rest] = childElements(condition);
  if (!a || !b || rest.length > 0) return null;
  const isResponse = (e: XmlElement) => e.name === 'qti-variable' && e.attrs.identifier === response;
  const other = isResponse(a) ? b : isResponse(b) ? a : null;
  if (!other) return null;
  if (other.name === 'qti-correct' && other.attrs.identifier === response) return 'correct';
  if (other.name === 'qti-base-value') return textOf(other);
  return null;
}

function settingsOf(processing: XmlElement | undefined, response: string): Setting[] {
  const found: Setting[] = [];
  const walk = (el: XmlElement, context: Context) => {
    for (const child of childElements(el)) {
      if (child.name === 'qti-set-outcome-value') {
        const [expression] = childElements(child);
        const outcome = child.attrs.identifier ?? '';
        if (!expression) continue;
        const isResponse = expression.name === 'qti-variable' && expression.attrs.identifier === response;
        const values =
          expression.name === 'qti-base-value'
            ? [textOf(expression)]
            : expression.name === 'qti-multiple'
              ? childElements(expression, 'qti-base-value').map(textOf)
              : [];
        found.push({ outcome, response: isResponse, values, context });
      } else if (child.name === 'qti-response-condition') {
        const branches = childElements(child);
        const tests = branches.map((b) => matched(childElements(b)[0], response));
        branches.forEach((branch, i) => {
          // Nested conditions, and conditions on anything else than the response, are "other".
          let inner: Context = { when: 'other' };
          if (context.when === 'always') {
            const test = tests[i];
            if (branch.name === 'qti-response-else')
              inner = { when: branches.length === 2 && tests[0] === 'correct' ? 'incorrect' : 'other' };
            else if (test === 'correct') inner = { when: 'correct' };
            else if (typeof test === 'string') inner = { when: 'choice', choice: test };
          }
          walk(branch, inner);
        });
      }
    }
  };
  if (processing) walk(processing, { when: 'always' });
  return found;
}

/**
 * For each feedback identifier an outcome can take, when it is shown. `item` is the qti-assessment-item,
 * `response` the identifier of its one choice interaction's response.
 */
export function feedbackRules(item: XmlElement, response: string): (outcome: string, id: string) => Shown {
  const settings = settingsOf(firstChild(item, 'qti-response-processing'), response);
  // An outcome's default value holds before any answer, and after it unless processing changes it.
  const defaults = new Map<string, string[]>();
  for (const d of childElements(item, 'qti-outcome-declaration')) {
    const values = descendants(firstChild(d, 'qti-default-value') ?? d, 'qti-value').map(textOf);
    if (d.attrs.identifier) defaults.set(d.attrs.identifier, values);
  }
  return (outcome, id) => {
    const own = settings.filter((s) => s.outcome === outcome);
    if (own.some((s) => s.values.includes(id) && s.context.when === 'always')) return { when: 'always' };
    if ((defaults.get(outcome) ?? []).includes(id) && own.length === 0) return { when: 'always' };
    if (own.some((s) => s.response && s.context.when === 'always')) return { when: 'choice', choice: id };
    const set = own.find((s) => s.values.includes(id));
    if (!set) return { when: 'other' };
    return set.context;
  };
}

/**
 * The scores response processing gives: a custom one that sets SCORE to anything but 0 and its highest value
 * gives part of the credit or a penalty.
 */
export function partialScores(item: XmlElement): boolean {
  const processing = firstChild(item, 'qti-response-processing');
  if (!processing) return false;
  const scores = descendants(processing, 'qti-set-outcome-value')
    .filter((s) => s.attrs.identifier === 'SCORE')
    .flatMap((s) => childElements(s, 'qti-base-value').map((v) => Number(textOf(v))))
    .filter((n) => Number.isFinite(n));
  const top = Math.max(0, ...scores);
  return scores.some((n) => n !== 0 && n !== top);
}
