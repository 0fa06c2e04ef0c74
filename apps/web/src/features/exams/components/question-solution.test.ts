import { SHARES_MIN_LEARNERS } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { attemptsNote } from './question-solution';

describe('the note under a solution', () => {
  it('says how many learners answered, and that shares show only from 5 of them', () => {
    expect(SHARES_MIN_LEARNERS).toBe(5);
    expect(attemptsNote(0)).toBe('No learner has answered this question yet.');
    expect(attemptsNote(1)).toBe(
      '1 learner has answered this question so far. How learners answer it shows once 5 have.',
    );
    expect(attemptsNote(4)).toBe(
      '4 learners have answered this question so far. How learners answer it shows once 5 have.',
    );
    expect(attemptsNote(5)).toBe(
      '5 learners have answered this question. The shares are of their first answers.',
    );
  });
});
