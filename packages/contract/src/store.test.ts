import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_SUMMARY_MAX,
  cardSummary,
  categoryLabel,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_GROUPS,
  parseAdditionalContent,
  productSearchQuery,
  searchTerms,
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

describe('store search pieces: words and literal text', () => {
  it('letters and digits are words; a piece with any other character is literal', () => {
    expect(searchTerms('Cardio, e_a 100% (nursing) c++')).toEqual({
      words: ['cardio', 'nursing'],
      literals: ['e_a', '100%', 'c++'],
    });
    expect(searchTerms('  ')).toEqual({ words: [], literals: [] });
    expect(searchTerms('ＥＶＩＤ％')).toEqual({ words: [], literals: ['evid%'] });
    expect(searchTerms('a b c d e f g h i j k l').words).toHaveLength(10);
  });
  it('words never carry a text-search operator; no piece is empty or holds white space (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const { words, literals } = searchTerms(s);
        expect(words.every((w) => /^[\p{L}\p{N}]+$/u.test(w))).toBe(true);
        expect([...words, ...literals].every((p) => p.length > 0 && !/\s/u.test(p))).toBe(true);
        expect(words.length + literals.length).toBeLessThanOrEqual(10);
      }),
    );
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

describe('store cards', () => {
  it("a card's summary is the short description, else the content cut at a word (SPEC §2)", () => {
    expect(cardSummary('Short', 'Long content')).toBe('Short');
    expect(cardSummary(undefined, 'Long content')).toBe('Long content');
    expect(cardSummary('', 'Long content')).toBe('Long content');
    const long = 'word '.repeat(100);
    const s = cardSummary(undefined, long);
    expect(s.length).toBeLessThanOrEqual(CARD_SUMMARY_MAX + 1);
    expect(s).toMatch(/word…$/);
    expect(long.startsWith(s.slice(0, -1))).toBe(true);
    // No white space to cut at: cut where it is.
    expect(cardSummary(undefined, 'x'.repeat(400))).toBe(`${'x'.repeat(CARD_SUMMARY_MAX)}…`);
  });

  it('page and size are optional whole numbers, read from the query string', () => {
    expect(productSearchQuery.parse({})).toEqual({ sortField: 'name', sortOrder: 'ASC' });
    expect(productSearchQuery.parse({ page: '2', size: '24' })).toMatchObject({ page: 2, size: 24 });
    expect(productSearchQuery.safeParse({ page: '-1' }).success).toBe(false);
    expect(productSearchQuery.safeParse({ size: '101' }).success).toBe(false);
    expect(productSearchQuery.safeParse({ size: '1.5' }).success).toBe(false);
  });
});
