import type { AliveClock } from '@qbank/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const answers: Array<(clock: AliveClock) => void> = [];

vi.mock('../api/run-actions', () => ({
  keepAlive: () => {
    calls.push('alive');
    return new Promise<AliveClock>((resolve) => answers.push(resolve));
  },
  leaveTest: () => {
    calls.push('leave');
    return Promise.resolve({} as AliveClock);
  },
}));

const { useKeepAlive } = await import('./use-keep-alive');

const clock = {} as AliveClock;

function mount(questionUuid = 'q1') {
  return renderHook(
    (props: { questionUuid: string }) =>
      useKeepAlive({
        testId: 't1',
        running: true,
        questionUuid: props.questionUuid,
        onClock: () => {},
        onFailure: () => {},
        onOnline: () => {},
      }),
    { initialProps: { questionUuid } },
  );
}

describe('useKeepAlive', () => {
  beforeEach(() => {
    calls.length = 0;
    answers.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('says the screen left once more when a keep-alive sent before the leave is answered after it', async () => {
    const view = mount();
    // The question on screen is told soon after it shows.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(calls).toEqual(['alive']);
    // Another page opens before that keep-alive is answered: the leave goes at once...
    view.unmount();
    expect(calls).toEqual(['alive', 'leave']);
    // ...and again once the keep-alive is over, which the server may have counted after the first leave.
    await act(async () => answers[0]!(clock));
    expect(calls).toEqual(['alive', 'leave', 'leave']);
  });

  it('says it once when nothing is in flight', async () => {
    const view = mount();
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(async () => answers[0]!(clock));
    view.unmount();
    expect(calls).toEqual(['alive', 'leave']);
  });

  it('a screen back in view before the keep-alive is answered is not left again', async () => {
    const view = mount();
    await act(() => vi.advanceTimersByTimeAsync(500));
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    hidden.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(calls).toEqual(['alive', 'leave', 'alive']);
    await act(async () => answers[0]!(clock));
    await act(async () => answers[1]!(clock));
    expect(calls).toEqual(['alive', 'leave', 'alive']);
    hidden.mockRestore();
    view.unmount();
  });
});
