import { type AliveClock, KEEP_ALIVE_SECONDS } from '@qbank/contract';
import { useCallback, useEffect, useRef } from 'react';
import { keepAlive, leaveTest } from '../api/run-actions';

/** How long after moving to another question the server hears of it (a quick walk sends one keep-alive). */
const TELL_POSITION_AFTER_MS = 400;

/**
 * The keep-alive (PATCH tests/alive): the test's clock runs only while the server hears from the screen, every
 * KEEP_ALIVE_SECONDS while the page is visible and the test running, at once when the page comes back into
 * view or the connection returns, and soon after the learner moves to another question (so a reload or another
 * device opens there). When the screen goes away (the page is hidden or closed, another page of the app opens)
 * it says so, and the clock stops at that moment instead of running on for the grace period. `told` records a
 * question the server heard of otherwise (start, resume).
 */
export function useKeepAlive({
  testId,
  running,
  questionUuid,
  onClock,
  onFailure,
  onOnline,
}: {
  testId: string;
  running: boolean;
  questionUuid: string | undefined;
  onClock: (clock: AliveClock) => void;
  onFailure: (error: unknown) => void;
  /** The browser says the connection is back. */
  onOnline: () => void;
}) {
  const told = useRef<string | undefined>(undefined);
  // Keep-alives sent and not yet answered, and whether the screen left while one was: a keep-alive that reaches
  // the server after the leave would start the clock again, so the leave is said once more after the last one.
  const pending = useRef(0);
  const leftMeanwhile = useRef(false);
  const latest = useRef({ running, questionUuid, onClock, onFailure, onOnline });
  latest.current = { running, questionUuid, onClock, onFailure, onOnline };

  const leave = useCallback(() => {
    // A page going away cannot wait for the answer; a refusal (the test ended meanwhile) changes nothing here.
    leaveTest(testId, latest.current.questionUuid).catch(() => {});
    if (pending.current > 0) leftMeanwhile.current = true;
  }, [testId]);

  const ping = useCallback(() => {
    const { running: on, questionUuid: question } = latest.current;
    if (!on || document.visibilityState !== 'visible') return;
    // The screen is here again: a leave said before this keep-alive is over.
    leftMeanwhile.current = false;
    pending.current += 1;
    keepAlive(testId, question)
      .then((clock) => {
        told.current = question;
        latest.current.onClock(clock);
      })
      .catch((e: unknown) => latest.current.onFailure(e))
      .finally(() => {
        pending.current -= 1;
        if (pending.current === 0 && leftMeanwhile.current) {
          leftMeanwhile.current = false;
          leave();
        }
      });
  }, [testId, leave]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(ping, KEEP_ALIVE_SECONDS * 1000);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') ping();
      else leave();
    };
    const onOnline = () => {
      latest.current.onOnline();
      ping();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('online', onOnline);
    };
  }, [running, ping, leave]);

  // Another page of the app opens while the test runs: the screen has gone.
  useEffect(
    () => () => {
      if (latest.current.running) leave();
    },
    [leave],
  );

  useEffect(() => {
    if (!running || questionUuid === told.current) return;
    const timer = setTimeout(ping, TELL_POSITION_AFTER_MS);
    return () => clearTimeout(timer);
  }, [questionUuid, running, ping]);

  return useCallback((question: string | undefined) => {
    told.current = question;
  }, []);
}
