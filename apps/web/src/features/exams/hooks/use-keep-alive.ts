import { type AliveClock, KEEP_ALIVE_SECONDS } from '@qbank/contract';
import { useCallback, useEffect, useRef } from 'react';
import { keepAlive } from '../api/run-actions';

/** How long after moving to another question the server hears of it (a quick walk sends one keep-alive). */
const TELL_POSITION_AFTER_MS = 400;

/**
 * The keep-alive (PATCH tests/alive): the test's clock runs only while the server hears from the screen, every
 * KEEP_ALIVE_SECONDS while the page is visible and the test running, at once when the page comes back into
 * view or the connection returns, and soon after the learner moves to another question (so a reload or another
 * device opens there). `told` records a question the server heard of otherwise (start, resume).
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
  const latest = useRef({ running, questionUuid, onClock, onFailure, onOnline });
  latest.current = { running, questionUuid, onClock, onFailure, onOnline };

  const ping = useCallback(() => {
    const { running: on, questionUuid: question } = latest.current;
    if (!on || document.visibilityState !== 'visible') return;
    keepAlive(testId, question)
      .then((clock) => {
        told.current = question;
        latest.current.onClock(clock);
      })
      .catch((e: unknown) => latest.current.onFailure(e));
  }, [testId]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(ping, KEEP_ALIVE_SECONDS * 1000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') ping();
    };
    const onOnline = () => {
      latest.current.onOnline();
      ping();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [running, ping]);

  useEffect(() => {
    if (!running || questionUuid === told.current) return;
    const timer = setTimeout(ping, TELL_POSITION_AFTER_MS);
    return () => clearTimeout(timer);
  }, [questionUuid, running, ping]);

  return useCallback((question: string | undefined) => {
    told.current = question;
  }, []);
}
