import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_GROUPS,
  parseAdditionalContent,
  searchTermToSend,
  searchWords,
} from './store';
import { periodEnd } from './subscriptions';

describe('product categories (SPEC §3)', () => {
  it('lists every category of SPEC with its group, values unique', () => {
    expect(PRODUCT_CATEGORY_GROUPS.map((g) => [g.group, g.labels.length])).toEqual([
      ['Healthcare', 13],
      ['Business & Finance', 5],
      ['Education', 5],
      ['Law & Government', 4],
      ['Trades & Professional Skills', 5],
      ['Language & Arts', 2],
      ['World', 2],
      ['Special', 1],
    ]);
    const values = PRODUCT_CATEGORIES.map((c) => c.value);
    expect(new Set(values).size).toBe(values.length);
  });
  it.each([
    ['PHYSICIAN_ASSISTANT', 'Physician Assistant'],
    ['RADIOLOGY_IMAGING', 'Radiology & Imaging'],
    ['IT_TECH_BUSINESS', 'IT & Tech Business'],
    ['ARTS_MUSIC', 'Arts & Music'],
    ['SPECIAL', 'Special'],
    ['SOMETHING_ELSE', 'SOMETHING_ELSE'],
  ])('%s → %s', (value, label) => expect(categoryLabel(value)).toBe(label));
});

describe('additionalContent (SPEC §3)', () => {
  it('merges the known fields of a JSON object', () => {
    expect(
      parseAdditionalContent(
        JSON.stringify({
          shortDescription: 'S',
          shortAuthors: 'A',
          demoVideo: '/v.webm',
          exampleQuestions: [1],
          x: 2,
        }),
      ),
    ).toEqual({ shortDescription: 'S', shortAuthors: 'A', demoVideo: '/v.webm', exampleQuestions: [1] });
  });
  it.each([null, undefined, '', '{bad', '[1,2]', '"text"', '42', 'null'])('%s gives nothing', (s) =>
    expect(parseAdditionalContent(s)).toEqual({}),
  );
  it('never throws, whatever the string', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof parseAdditionalContent(s) === 'object'));
  });
  it('drops fields of the wrong type', () => {
    expect(parseAdditionalContent('{"shortDescription": 5, "demoVideo": true}')).toEqual({});
  });
});

describe('store search terms (SPEC §5)', () => {
  it('sends an empty term as a single space', () => {
    expect(searchTermToSend('')).toBe(' ');
    expect(searchTermToSend('   ')).toBe(' ');
    expect(searchTermToSend(' usmle ')).toBe('usmle');
  });
  it('keeps only words of letters and digits, lower case, at most 10', () => {
    expect(searchWords("USMLE step-1 & (cardio)'s")).toEqual(['usmle', 'step', '1', 'cardio', 's']);
    expect(searchWords("'&|!:*()")).toEqual([]);
    expect(searchWords('Ärzte prüfung')).toEqual(['ärzte', 'prüfung']);
    expect(searchWords('a b c d e f g h i j k l')).toHaveLength(10);
  });
  it('never lets a text-search operator through', () => {
    fc.assert(fc.property(fc.string(), (s) => searchWords(s).every((w) => /^[\p{L}\p{N}]+$/u.test(w))));
  });
});

describe('plan periods', () => {
  const d = (s: string) => new Date(`${s}T12:00:00Z`);
  it.each([
    ['2026-01-15', 'MONTHLY', '2026-02-15'],
    ['2026-01-31', 'MONTHLY', '2026-02-28'],
    ['2028-01-31', 'MONTHLY', '2028-02-29'],
    ['2026-11-30', 'QUARTERLY', '2027-02-28'],
    ['2026-08-31', 'HALF_YEARLY', '2027-02-28'],
    ['2028-02-29', 'YEARLY', '2029-02-28'],
    ['2026-03-10', 'YEARLY', '2027-03-10'],
  ] as const)('%s + %s → %s', (from, f, to) => expect(periodEnd(d(from), f)).toEqual(d(to)));
  it('INDEFINITE never ends', () => expect(periodEnd(new Date(), 'INDEFINITE')).toBeNull());
  it('always ends after it starts, within its months', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (from) => {
          const end = periodEnd(from, 'MONTHLY')!;
          const days = (end.getTime() - from.getTime()) / 86_400_000;
          return days >= 28 && days <= 31;
        },
      ),
    );
  });
});
