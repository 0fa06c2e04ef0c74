/** Builders shared by this folder's unit tests (not a test file itself). */
import type { PortableQuestion } from './types';

export const bytesOf = (text: string) => new TextEncoder().encode(text);

/** The smallest PNG header the sniffer accepts, then a marker so two images differ. */
export const pngBytes = (marker = 0) =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, marker]);

export function buildQuestion(overrides: Partial<PortableQuestion> = {}): PortableQuestion {
  return {
    name: 'Hyperkalaemia first step',
    stem: '<p>Serum potassium is 7.4 mEq/L with peaked T waves. What comes <strong>first</strong>?</p>',
    explanation: '<p>Calcium stabilises the myocardium within minutes.</p>',
    choices: [
      { text: 'Intravenous calcium gluconate', correct: true },
      { text: 'Sodium polystyrene sulfonate', correct: false },
      { text: 'Furosemide', correct: false },
    ],
    references: ['KDIGO 2020'],
    reinforcements: ['ECG changes: calcium first'],
    path: ['Nephrology', 'Electrolytes', 'Potassium'],
    freeSample: false,
    media: [],
    line: 1,
    ...overrides,
  };
}

/** A question without its line: what must survive a round trip. */
export const content = ({ line: _line, ...rest }: PortableQuestion) => rest;
