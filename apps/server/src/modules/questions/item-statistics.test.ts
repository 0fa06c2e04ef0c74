import { describe, expect, it } from 'vitest';
import { restScore, takeWithin } from './item-statistics';

describe('the item-statistics task', () => {
  it("reads a round's questions up to a number of attempts, and a large question alone", () => {
    const marks = [5, 10, 20, 40].map((attempts, i) => ({ id: i, attempts }));
    expect(takeWithin(marks, 35).map((m) => m.id)).toEqual([0, 1, 2]);
    expect(takeWithin(marks, 100).map((m) => m.id)).toEqual([0, 1, 2, 3]);
    expect(takeWithin([{ attempts: 500 }, { attempts: 1 }], 100)).toEqual([{ attempts: 500 }]);
    expect(takeWithin([], 100)).toEqual([]);
  });

  it("scores a learner's rest of the bank without this question", () => {
    const row = { question_id: 'q', choice_id: 'c' };
    expect(restScore({ ...row, own_correct: true, first_answered: 5, first_correct: 3 })).toBe(0.5);
    expect(restScore({ ...row, own_correct: false, first_answered: 5, first_correct: 3 })).toBe(0.75);
    expect(restScore({ ...row, own_correct: true, first_answered: 1, first_correct: 1 })).toBeNull();
  });
});
