import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeText, textField } from './text';

describe('safe text (no NUL, no lone surrogate)', () => {
  it('refuses NUL and lone surrogates, keeps surrogate pairs and ordinary text', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '😀'[0]!])
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Ada', '😀', 'ｌearner', 'é\u0301', '\t\n', '%_\\'])
      expect(isSafeText(good), good).toBe(true);
  });

  it('textField names the field and stops there', () => {
    const r = textField('First name').min(3).safeParse('\u0000');
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'First name contains characters that are not allowed',
    ]);
  });

  it('any well-formed string without NUL is safe; adding NUL or a lone high surrogate makes it unsafe (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        (a, b) => {
          const clean = (a + b).replaceAll('\u0000', '');
          expect(isSafeText(clean)).toBe(true);
          expect(isSafeText(`${a}\u0000${b}`)).toBe(false);
          expect(isSafeText(`${a}\ud800`)).toBe(false);
        },
      ),
    );
  }, 20_000);
});
