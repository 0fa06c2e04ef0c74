import { NOTHING_TO_UNANSWER_MESSAGE, TEST_ENDED_MESSAGE, TEST_PAUSED_MESSAGE } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import { enqueue, failureOf, parseStoredQueue } from './queue-items';
import type { RunAction } from './run-state';

const answer = (id: string, qid: string, choice: string): RunAction => ({ kind: 'answer', id, qid, choice });
const http = (status: number, message = 'x') => new HttpError(status, 'S', message);

describe('enqueue', () => {
  it('replaces a waiting action of the same kind on the same question', () => {
    const q = enqueue([answer('1', 'q1', 'a'), answer('2', 'q2', 'a')], answer('3', 'q1', 'b'), null);
    expect(q.map((a) => a.id)).toEqual(['2', '3']);
  });

  it('an unanswer replaces a waiting answer; a flag does not', () => {
    const q = enqueue(
      [answer('1', 'q1', 'a'), { kind: 'flag', id: '2', qid: 'q1', flagged: true }],
      { kind: 'unanswer', id: '3', qid: 'q1' },
      null,
    );
    expect(q.map((a) => a.id)).toEqual(['2', '3']);
  });

  it('keeps the action being sent', () => {
    const q = enqueue([answer('1', 'q1', 'a')], answer('2', 'q1', 'b'), '1');
    expect(q.map((a) => a.id)).toEqual(['1', '2']);
  });
});

describe('failureOf', () => {
  it('retries when the server was not reached or failed', () => {
    expect(failureOf(new TypeError('Failed to fetch'), null)).toBe('retry');
    expect(failureOf(http(0), null)).toBe('retry');
    expect(failureOf(http(500), null)).toBe('retry');
    expect(failureOf(http(503), null)).toBe('retry');
    expect(failureOf(http(429), null)).toBe('retry');
  });

  it('tells the ended and paused test, and the end of the session', () => {
    expect(failureOf(http(409, TEST_ENDED_MESSAGE), null)).toBe('ended');
    expect(failureOf(http(409, TEST_PAUSED_MESSAGE), null)).toBe('paused');
    expect(failureOf(http(401), null)).toBe('signed-out');
  });

  it('a retried unanswer that finds nothing to clear is done; other refusals are final', () => {
    expect(failureOf(http(409, NOTHING_TO_UNANSWER_MESSAGE), { kind: 'unanswer' })).toBe('done');
    expect(failureOf(http(409, NOTHING_TO_UNANSWER_MESSAGE), { kind: 'answer' })).toBe('refused');
    expect(failureOf(http(400), null)).toBe('refused');
    expect(failureOf(http(404), null)).toBe('refused');
  });
});

describe('parseStoredQueue', () => {
  const ids = new Set(['q1', 'q2']);
  it('reads back what was stored', () => {
    const stored: RunAction[] = [
      answer('1', 'q1', 'c'),
      { kind: 'unanswer', id: '2', qid: 'q2' },
      { kind: 'flag', id: '3', qid: 'q1', flagged: false },
      { kind: 'marks', id: '4', qid: 'q2', struck: ['c'], highlights: [{ start: 0, end: 4 }], note: 'n' },
    ];
    expect(parseStoredQueue(JSON.stringify(stored), ids)).toEqual(stored);
  });

  it('drops what it cannot trust', () => {
    expect(parseStoredQueue(null, ids)).toEqual([]);
    expect(parseStoredQueue('{nope', ids)).toEqual([]);
    expect(parseStoredQueue('{"a":1}', ids)).toEqual([]);
    const bad = [
      answer('1', 'other-test-question', 'c'),
      { kind: 'answer', id: '2', qid: 'q1' },
      { kind: 'flag', id: '3', qid: 'q1', flagged: 'yes' },
      { kind: 'marks', id: '4', qid: 'q1', struck: [], highlights: [{ start: 4, end: 2 }], note: '' },
      { kind: 'delete', id: '5', qid: 'q1' },
      null,
    ];
    expect(parseStoredQueue(JSON.stringify(bad), ids)).toEqual([]);
  });
});
