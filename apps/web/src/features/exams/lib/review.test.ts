import type { TestReview } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { presetFromSearch } from './create-form';
import { filterCounts, filterOf, incorrectTestLink, matchesFilter } from './review';

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

describe('incorrectTestLink', () => {
  const review = (
    questions: ReturnType<typeof q>[],
    subcategoryUuids = ['11111111-1111-4111-8111-111111111111'],
  ) =>
    ({
      productUuid: 'p',
      mode: 'TUTOR',
      subcategoryUuids,
      questions,
    }) as unknown as TestReview;

  const preset = (link: string | null) => presetFromSearch(new URL(link!, 'http://x').searchParams);

  it('opens Start Test with the INCORRECT pool, as many as were wrong, in the same mode', () => {
    const link = incorrectTestLink(
      review(
        [q('a', false), q('b', true), q('c', false)],
        ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
      ),
    );
    expect(link).toMatch(/^\/tests\/create\?/);
    expect(preset(link)).toEqual({
      mode: 'TUTOR',
      pools: ['INCORRECT'],
      subcategories: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
      numQuestions: 2,
    });
  });

  it('caps the count at a test maximum and is null with nothing to retake', () => {
    const many = Array.from({ length: 150 }, () => q('x', false));
    expect(preset(incorrectTestLink(review(many))).numQuestions).toBe(100);
    expect(incorrectTestLink(review([q('a', true), q(null, null)]))).toBeNull();
    expect(incorrectTestLink(review([q('a', false)], []))).toBeNull();
  });
});
