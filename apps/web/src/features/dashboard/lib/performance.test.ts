import { describe, expect, it } from 'vitest';
import { categoriesWithSubjects, performanceBars, shortLabel, unusedOf } from './performance';

describe('performanceBars', () => {
  it('gives each answered node its percent rounded down and leaves out the unanswered', () => {
    expect(
      performanceBars([
        { name: 'Physiology', answered: 3, correct: 2 },
        { name: 'Pathology', answered: 0, correct: 0 },
        { name: 'Pharmacology', answered: 4, correct: 4 },
      ]),
    ).toEqual([
      { name: 'Physiology', answered: 3, correct: 2, percent: 67 },
      { name: 'Pharmacology', answered: 4, correct: 4, percent: 100 },
    ]);
  });
});

describe('shortLabel', () => {
  it('cuts a long name with an ellipsis', () => {
    expect(shortLabel('Renal')).toBe('Renal');
    expect(shortLabel('Pharmacokinetics and pharmacodynamics', 12)).toBe('Pharmacokin…');
  });
});

describe('unusedOf', () => {
  it('never goes below zero', () => {
    expect(unusedOf(50, 12)).toBe(38);
    expect(unusedOf(10, 12)).toBe(0);
  });
});

describe('categories on the dashboard', () => {
  it('say which subject they belong to', () => {
    const subjects = [
      { uuid: 's1', name: 'Physiology' },
      { uuid: 's2', name: 'Pathology' },
    ];
    const named = categoriesWithSubjects(
      [
        { name: 'Cardiology', subjectUuid: 's1', answered: 1, correct: 1 },
        { name: 'Cardiology', subjectUuid: 's2', answered: 2, correct: 1 },
        { name: 'Orphan', subjectUuid: 'gone', answered: 1, correct: 0 },
      ],
      subjects,
    );
    expect(named.map((c) => c.name)).toEqual(['Cardiology · Physiology', 'Cardiology · Pathology', 'Orphan']);
  });
});
