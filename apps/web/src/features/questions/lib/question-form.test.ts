import { describe, expect, it } from 'vitest';
import {
  blankQuestion,
  choiceLetter,
  isBlankHtml,
  keptLines,
  moveItem,
  questionInputOf,
} from './question-form';

describe('question form', () => {
  it('makes a new question with its own uuid and four choices with their own uuids', () => {
    const a = blankQuestion('p');
    const b = blankQuestion('p');
    expect(a.uuid).not.toBe(b.uuid);
    expect(a.answerChoices).toHaveLength(4);
    expect(new Set(a.answerChoices.map((c) => c.uuid)).size).toBe(4);
  });
  it('drops empty reference lines and trims the rest', () => {
    expect(keptLines([' a ', '', '  ', 'b'])).toEqual(['a', 'b']);
    const input = questionInputOf({ ...blankQuestion('p'), references: ['x', ''], name: ' n ' }, 'DRAFT', 3);
    expect(input).toMatchObject({ references: ['x'], name: 'n', status: 'DRAFT', baseVersion: 3 });
    expect('baseVersion' in questionInputOf(blankQuestion('p'), 'DRAFT')).toBe(false);
  });
  it('moves a choice up and down, keeping the others in order', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
  it('letters choices A–J and knows blank rich text', () => {
    expect([0, 1, 9].map(choiceLetter)).toEqual(['A', 'B', 'J']);
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/x"></p>')).toBe(false);
    expect(isBlankHtml('<p><strong>x</strong></p>')).toBe(false);
  });
});
