import { TEST_ENDED_MESSAGE } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import { endFailureMessage } from './end-test';

describe('endFailureMessage', () => {
  it('an ended test is no failure: the review opens', () => {
    expect(endFailureMessage(new HttpError(409, 'Conflict', TEST_ENDED_MESSAGE))).toBeNull();
  });
  it('no answer from the server asks to check the connection', () => {
    expect(endFailureMessage(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
    expect(endFailureMessage(new HttpError(503, 'Unavailable', 'x'))).toMatch(/could not be reached/);
  });
  it("a refusal is the server's own words", () => {
    expect(endFailureMessage(new HttpError(403, 'Forbidden', 'Not yours'))).toBe('Not yours');
  });
});
