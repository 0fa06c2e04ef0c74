import {
  type AliveClock,
  type QuestionAction,
  type TestClockState,
  type TestInProgress,
  testsApi,
} from '@qbank/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/http';
import type { RunAction } from '../lib/run-state';
import { testKeys } from './tests';

/** Sends one action of the exam screen (each says the state wanted, so a retry is safe). */
export function sendRunAction(testId: string, action: RunAction): Promise<QuestionAction> {
  const params = { id: testId, qid: action.qid };
  switch (action.kind) {
    case 'answer':
      return call(testsApi.answer, { params, body: { choice: action.choice } });
    case 'unanswer':
      return call(testsApi.unanswer, { params });
    case 'flag':
      return call(testsApi.flag, { params, body: { flagged: action.flagged } });
    case 'marks':
      return call(testsApi.marks, {
        params,
        body: { struck: action.struck, highlights: action.highlights, note: action.note },
      });
  }
}

/** PATCH start, pause or finalize, saying which question is on screen. */
export const transition = (
  kind: 'start' | 'pause' | 'finalize',
  testId: string,
  questionUuid: string | undefined,
): Promise<TestClockState> =>
  call(testsApi[kind], { params: { id: testId }, body: questionUuid ? { questionUuid } : {} });

/** The keep-alive: the screen is open on this test and question; the answer is the clock without the position. */
export const keepAlive = (testUuid: string, questionUuid: string | undefined): Promise<AliveClock> =>
  call(testsApi.alive, { body: questionUuid ? { testUuid, questionUuid } : { testUuid } });

/**
 * The screen goes away (the page closes or is hidden, another page opens): the server counts the time up to now
 * and stops the clock until the screen is back. Sent so that it leaves with a closing page (keepalive).
 */
export const leaveTest = (testUuid: string, questionUuid: string | undefined): Promise<AliveClock> =>
  call(
    testsApi.alive,
    { body: { testUuid, ...(questionUuid ? { questionUuid } : {}), leaving: true } },
    { keepalive: true },
  );

/** Once the learner pauses a test, it is still open but no longer sends them back to its run page. */
export function useTestPaused() {
  const qc = useQueryClient();
  return useCallback(
    (testUuid: string) => {
      qc.setQueriesData<TestInProgress | null>({ queryKey: testKeys.anyInProgress }, (open) =>
        open?.uuid === testUuid ? { ...open, status: 'PAUSED' } : open,
      );
      // The dashboard and My Tests, where the learner goes next, show it suspended with what was answered.
      void qc.invalidateQueries({ queryKey: testKeys.all, predicate: (q) => q.queryKey[1] !== 'run' });
    },
    [qc],
  );
}

/**
 * What the caches must know once a test is over, before its review opens: no test in progress any more (the
 * shell would send a student straight back to the run page), and the lists' data are old.
 */
export function useTestEnded() {
  const qc = useQueryClient();
  return useCallback(() => {
    qc.setQueriesData({ queryKey: testKeys.anyInProgress }, null);
    // The refetch confirms the null (the server's 404) rather than racing it. The run on screen is left
    // alone: it is leaving, and its data goes with it (it is read with gcTime 0).
    void qc.invalidateQueries({ queryKey: testKeys.all, predicate: (q) => q.queryKey[1] !== 'run' });
  }, [qc]);
}
