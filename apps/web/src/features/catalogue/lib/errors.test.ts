import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import { nameErrorOf, reasonOf } from './errors';

const taken = 'name must be unique among its siblings: this subject already has a category named Renal';

describe('nameErrorOf', () => {
  it("gives the server's word about a name, taken (409) or refused (400)", () => {
    expect(nameErrorOf(new HttpError(409, 'Conflict', taken, 'name', 'CONFLICT'))).toBe(taken);
    expect(nameErrorOf(new HttpError(400, 'Bad Request', 'name is required', 'name'))).toBe(
      'name is required',
    );
  });
  it('leaves anything else to the caller', () => {
    expect(nameErrorOf(new HttpError(409, 'Conflict', 'Renal still holds 3 questions', 'id'))).toBeNull();
    expect(nameErrorOf(new HttpError(500, 'Server Error', 'Unknown', 'name'))).toBeNull();
    expect(nameErrorOf(new Error('offline'))).toBeNull();
  });
});

describe('reasonOf', () => {
  it("ends the server's reason as a sentence, or asks to try again", () => {
    expect(
      reasonOf(new HttpError(409, 'Conflict', 'Renal still holds 3 questions; move or delete them first')),
    ).toBe('Renal still holds 3 questions; move or delete them first.');
    expect(reasonOf(new HttpError(400, 'Bad Request', 'position must be 0.'))).toBe('position must be 0.');
    expect(reasonOf(new TypeError('Failed to fetch'))).toMatch(/try again/);
  });
});
