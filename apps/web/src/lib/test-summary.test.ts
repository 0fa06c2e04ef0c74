import { describe, expect, it } from 'vitest';
import { scoreLabel, testAction, testName } from './test-summary';

describe('test summaries', () => {
  it('show a score only once completed', () => {
    expect(scoreLabel({ status: 'COMPLETED', scorePercent: 80 })).toBe('80%');
    expect(scoreLabel({ status: 'COMPLETED', scorePercent: 0 })).toBe('0%');
    expect(scoreLabel({ status: 'PAUSED', scorePercent: null })).toBe('—');
  });

  it('name an unnamed test by its mode and size', () => {
    expect(testName({ name: '  ', mode: 'TIMED', numQuestions: 12 })).toBe('Timed test of 12');
    expect(testName({ name: 'Cardio', mode: 'TUTOR', numQuestions: 5 })).toBe('Cardio');
  });

  it('resume an open test and review a completed one', () => {
    expect(testAction({ uuid: 'u', status: 'IN_PROGRESS' })).toEqual({ label: 'Resume', to: '/tests/u/run' });
    expect(testAction({ uuid: 'u', status: 'PAUSED' }).label).toBe('Resume');
    expect(testAction({ uuid: 'u', status: 'COMPLETED' })).toEqual({
      label: 'Review',
      to: '/tests/u/review',
    });
  });
});
