import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import {
  cappedQuestions,
  createBody,
  createFailure,
  formatDuration,
  keepsAttempt,
  presetFromSearch,
  questionCap,
  startTestLink,
  validateSettings,
} from './create-form';

const httpError = (status: number, message: string, field?: string) =>
  new HttpError(status, 'Status', message, field);

describe('questionCap', () => {
  it('is the contract limit, or what is available when less', () => {
    expect(questionCap(500)).toBe(100);
    expect(questionCap(12)).toBe(12);
    expect(questionCap(0)).toBe(0);
  });
});

describe('formatDuration', () => {
  it('says a time as people do', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(90)).toBe('1 min 30 s');
    expect(formatDuration(900)).toBe('15 min');
    expect(formatDuration(90 * 100)).toBe('2 h 30 min');
    expect(formatDuration(3600 + 59)).toBe('1 h');
  });
});

describe('createFailure', () => {
  it('a conflict means another test is open', () => {
    expect(createFailure(httpError(409, 'A test is open'))).toEqual({ kind: 'open-test' });
    expect(createFailure(httpError(409, 'uuid is already used by another test', 'uuid'))).toMatchObject({
      kind: 'message',
      title: 'Test: this choice was refused',
    });
  });

  it('names the field the server named', () => {
    expect(createFailure(httpError(400, 'numQuestions must be at most 100', 'numQuestions'))).toEqual({
      kind: 'message',
      title: 'Number of questions: this choice was refused',
      message: 'numQuestions must be at most 100',
    });
  });

  it('gives the server message without a field, and a connection message without an answer', () => {
    expect(createFailure(httpError(403, 'No subscription'))).toMatchObject({ message: 'No subscription' });
    expect(createFailure(new TypeError('Failed to fetch'))).toMatchObject({
      message: expect.stringMatching(/could not be reached/),
    });
  });
});

describe('keepsAttempt', () => {
  it('retries with the same uuid only when the test may exist', () => {
    expect(keepsAttempt(new TypeError('Failed to fetch'))).toBe(true);
    expect(keepsAttempt(httpError(503, 'Unavailable'))).toBe(true);
    expect(keepsAttempt(httpError(400, 'Bad', 'pools'))).toBe(false);
  });
});

describe('validateSettings', () => {
  const values = { name: '', mode: 'TIMED' as const, numQuestions: 20, secondsPerQuestion: 90 };

  it('accepts a choice within the rules', () => {
    expect(validateSettings(values, 50)).toEqual({});
  });

  it('caps the number by what is available before checking it', () => {
    expect(cappedQuestions(20, 12)).toBe(12);
    expect(cappedQuestions('', 12)).toBe('');
    expect(cappedQuestions(20, 0)).toBe(20);
    expect(validateSettings({ ...values, numQuestions: 80 }, 12)).toEqual({});
    expect(validateSettings({ ...values, numQuestions: '' }, 12)).toEqual({
      numQuestions: 'Choose a whole number from 1 to 12',
    });
    expect(validateSettings({ ...values, numQuestions: 0 }, 0).numQuestions).toMatch(/1 to 100/);
  });

  it('checks the seconds only in timed mode', () => {
    expect(validateSettings({ ...values, secondsPerQuestion: 5 }, 50).secondsPerQuestion).toMatch(
      /10 to 600/,
    );
    expect(validateSettings({ ...values, mode: 'TUTOR', secondsPerQuestion: 5 }, 50)).toEqual({});
  });
});

describe('createBody', () => {
  it('sends the capped number, a trimmed name, and no empty name', () => {
    const values = { name: '  Cardio ', mode: 'TIMED' as const, numQuestions: 40, secondsPerQuestion: 60 };
    expect(createBody('t', 'p', values, ['UNUSED'], ['a'], 12)).toEqual({
      uuid: 't',
      productUuid: 'p',
      name: 'Cardio',
      mode: 'TIMED',
      pools: ['UNUSED'],
      subcategoryUuids: ['a'],
      numQuestions: 12,
      secondsPerQuestion: 60,
    });
    expect(createBody('t', 'p', { ...values, name: ' ' }, ['ALL'], ['a'], 50)).not.toHaveProperty('name');
  });
});

describe('a link to Start Test with choices made', () => {
  it('carries mode, pools, subcategories and a number, and reads back only what is valid', () => {
    const sub = '33333333-3333-4333-8333-333333333333';
    const link = startTestLink({
      mode: 'TIMED',
      pools: ['INCORRECT', 'FLAGGED'],
      subcategories: [sub],
      numQuestions: 7,
    });
    expect(presetFromSearch(new URL(link, 'http://x').searchParams)).toEqual({
      mode: 'TIMED',
      pools: ['INCORRECT', 'FLAGGED'],
      subcategories: [sub],
      numQuestions: 7,
    });
    expect(startTestLink({})).toBe('/tests/create');
    const junk = new URLSearchParams('mode=FAST&pools=NONE,ALL,ALL&subcategories=x,../&questions=1000');
    expect(presetFromSearch(junk)).toEqual({ pools: ['ALL'] });
  });
});
