import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('throttle (store search, 3000 ms)', () => {
  it('runs the first call at once', () => {
    const fn = vi.fn();
    throttle(fn, 3000)('a');
    expect(fn).toHaveBeenCalledWith('a');
  });

  it('folds calls inside the interval into one trailing call with the latest arguments', () => {
    const fn = vi.fn();
    const t = throttle(fn, 3000);
    t('a');
    vi.advanceTimersByTime(500);
    t('b');
    t('c');
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2499);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith('c');
  });

  it('never runs two calls less than 3 s apart', () => {
    const fn = vi.fn();
    const times: number[] = [];
    const t = throttle(() => {
      times.push(Date.now());
      fn();
    }, 3000);
    for (let i = 0; i < 40; i++) {
      t();
      vi.advanceTimersByTime(400);
    }
    vi.advanceTimersByTime(3000);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(3000);
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(5);
  });

  it('runs at once again after a quiet interval', () => {
    const fn = vi.fn();
    const t = throttle(fn, 3000);
    t(1);
    vi.advanceTimersByTime(3000);
    t(2);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
