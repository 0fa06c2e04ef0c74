import type { TestReview } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { filterCounts, filterOf, incorrectTestInput, matchesFilter } from './review';

const q = (selectedChoice: string | null, correct: boolean | null, flagged = false) => ({
  selectedChoice,
  correct,
  flagged,
});

describe('review filters', () => {
  const questions = [q('a', true), q('b', false, true), q(null, null, true), q('c', false)];

  it('counts each filter', () => {
    expect(filterCounts(questions)).toEqual({ all: 4, incorrect: 2, flagged: 2, unanswered: 1 });
  });

  it('an unanswered question is not incorrect', () => {
    expect(matchesFilter(q(null, false), 'incorrect')).toBe(false);
    expect(matchesFilter(q(null, false), 'unanswered')).toBe(true);
  });

  it('reads the filter from the address', () => {
    expect(filterOf('flagged')).toBe('flagged');
    expect(filterOf('nonsense')).toBe('all');
    expect(filterOf(null)).toBe('all');
  });
});

describe('incorrectTestInput', () => {
  const review = (questions: ReturnType<typeof q>[], subcategoryUuids = ['s1']) =>
    ({
      productUuid: 'p',
      mode: 'TUTOR',
      subcategoryUuids,
      questions,
    }) as unknown as TestReview;

  it('asks for the INCORRECT pool, as many as were wrong, in the same mode', () => {
    expect(incorrectTestInput(review([q('a', false), q('b', true), q('c', false)]), 'u')).toEqual({
      uuid: 'u',
      productUuid: 'p',
      mode: 'TUTOR',
      pools: ['INCORRECT'],
      subcategoryUuids: ['s1'],
      numQuestions: 2,
    });
  });

  it('caps the count at a test maximum and is null with nothing to retake', () => {
    const many = Array.from({ length: 150 }, () => q('x', false));
    expect(incorrectTestInput(review(many), 'u')?.numQuestions).toBe(100);
    expect(incorrectTestInput(review([q('a', true), q(null, null)]), 'u')).toBeNull();
    expect(incorrectTestInput(review([q('a', false)], []), 'u')).toBeNull();
  });
});
