import type { StoreCard } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { type IndexedProduct, StoreCardIndex } from './card-index';

const product = (name: string, lexemes: string[], text: string, ascRank: number, descRank: number) =>
  ({
    card: { uuid: name, name } as StoreCard,
    lexemes,
    text,
    ascRank,
    descRank,
  }) satisfies IndexedProduct;

// Ranks as the database gives them: by lower(name), ties by id in both orders.
const index = new StoreCardIndex([
  product('Cardiology', ['cardiolog', 'heart'], 'cardiology heart 100%', 1, 3),
  product('Pharmacology', ['pharmacolog', 'drug', 'heart'], 'pharmacology drugs and the heart', 3, 1),
  product('Nursing', ['nurs', 'care'], 'nursing care e_a', 2, 2),
]);
const names = (cards: StoreCard[]) => cards.map((c) => c.name);

describe('StoreCardIndex', () => {
  it('no lexemes and no literals: every product, in the order asked for', () => {
    expect(names(index.search({ lexemes: [], literals: [] }, 'ASC'))).toEqual([
      'Cardiology',
      'Nursing',
      'Pharmacology',
    ]);
    expect(names(index.search({ lexemes: [], literals: [] }, 'DESC'))).toEqual([
      'Pharmacology',
      'Nursing',
      'Cardiology',
    ]);
  });

  it('a lexeme matches as a prefix of a product lexeme', () => {
    expect(names(index.search({ lexemes: ['car'], literals: [] }, 'ASC'))).toEqual(['Cardiology', 'Nursing']);
    expect(names(index.search({ lexemes: ['card'], literals: [] }, 'ASC'))).toEqual(['Cardiology']);
    expect(names(index.search({ lexemes: ['cardiolog'], literals: [] }, 'ASC'))).toEqual(['Cardiology']);
    expect(names(index.search({ lexemes: ['cardiology'], literals: [] }, 'ASC'))).toEqual([]);
  });

  it('every lexeme must match, each in any of the product lexemes', () => {
    expect(names(index.search({ lexemes: ['heart', 'dru'], literals: [] }, 'ASC'))).toEqual(['Pharmacology']);
    expect(names(index.search({ lexemes: ['heart'], literals: [] }, 'ASC'))).toEqual([
      'Cardiology',
      'Pharmacology',
    ]);
    expect(names(index.search({ lexemes: ['heart', 'nurs'], literals: [] }, 'ASC'))).toEqual([]);
    expect(names(index.search({ lexemes: ['zzz'], literals: [] }, 'ASC'))).toEqual([]);
  });

  it('literal pieces must appear in the text as they are, with the lexemes', () => {
    expect(names(index.search({ lexemes: [], literals: ['e_a'] }, 'ASC'))).toEqual(['Nursing']);
    expect(names(index.search({ lexemes: [], literals: ['100%'] }, 'ASC'))).toEqual(['Cardiology']);
    expect(names(index.search({ lexemes: ['heart'], literals: ['100%'] }, 'ASC'))).toEqual(['Cardiology']);
    expect(names(index.search({ lexemes: ['nurs'], literals: ['100%'] }, 'ASC'))).toEqual([]);
    // No wildcards: _ and % are themselves.
    expect(names(index.search({ lexemes: [], literals: ['e%a'] }, 'ASC'))).toEqual([]);
  });

  it('an empty store finds nothing', () => {
    const empty = new StoreCardIndex([]);
    expect(empty.size).toBe(0);
    expect(empty.search({ lexemes: ['a'], literals: [] }, 'ASC')).toEqual([]);
    expect(empty.search({ lexemes: [], literals: [] }, 'DESC')).toEqual([]);
  });
});
