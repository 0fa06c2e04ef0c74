import type { AliveClock, TestRun } from '@qbank/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../components/notify-error';
import { newUuid } from '../../../lib/uuid';
import { sendRunAction, transition, useTestEnded, useTestPaused } from '../api/run-actions';
import { ActionQueue } from '../lib/action-queue';
import { type LocalClock, localClockOf } from '../lib/clock';
import { endFailureMessage, UNSENT_ANSWERS_MESSAGE } from '../lib/end-test';
import { questionActions } from '../lib/question-actions';
import { failureOf, loadQueue, saveQueue } from '../lib/queue-items';
import {
  applyAction,
  clampPosition,
  confirmedOf,
  type NewRunAction,
  type QuestionStates,
  type RunAction,
  statesOf,
  viewOf,
} from '../lib/run-state';
import { useKeepAlive } from './use-keep-alive';

const questionIds = (run: TestRun) => new Set(run.questions.map((q) => q.uuid));

/**
 * starting: PATCH start on its way; running; paused (suspended on another device: the overlay; suspended here,
 * the screen goes to the dashboard); ended (time ran out or the test was finalised elsewhere: the Time's up
 * dialog); failed (the start was refused or never answered).
 */
export type RunPhase = 'starting' | 'running' | 'paused' | 'ended' | 'failed';

const ACTION_NAMES: Record<RunAction['kind'], string> = {
  answer: 'Your answer',
  unanswer: 'Clearing your answer',
  flag: 'Your flag',
  marks: 'Your notes and marks',
};

/**
 * The exam screen's state and everything it does: the learner's actions applied at once and sent through the
 * queue, the clock, start, pause, resume, end, and the keep-alive that keeps the clock running and tells the
 * server which question is on screen.
 */
export function useTestRun(run: TestRun) {
  const navigate = useNavigate();
  const testEnded = useTestEnded();
  const testPaused = useTestPaused();
  const order = useMemo(() => run.questions.map((q) => q.uuid), [run]);
  const [confirmed, setConfirmed] = useState<QuestionStates>(() => statesOf(run.questions));
  const [pending, setPending] = useState<readonly RunAction[]>(() => loadQueue(run.uuid, questionIds(run)));
  const [current, setCurrent] = useState(() => clampPosition(run.currentPosition, run.questions.length));
  const [clock, setClock] = useState<LocalClock>(() => localClockOf(run, performance.now()));
  const [phase, setPhase] = useState<RunPhase>('starting');
  const [failure, setFailure] = useState<unknown>(null);
  const [queueOffline, setQueueOffline] = useState(false);
  const [aliveOffline, setAliveOffline] = useState(false);
  const [reviewReady, setReviewReady] = useState(false);
  const [busy, setBusy] = useState<'pause' | 'resume' | null>(null);
  const queueRef = useRef<ActionQueue | null>(null);
  const view = useMemo(() => viewOf(confirmed, pending, run.mode), [confirmed, pending, run.mode]);

  // The callbacks below read the newest values through this ref, so they can stay the same functions.
  const latest = useRef({ current, view, phase });
  latest.current = { current, view, phase };
  const questionOnScreen = useCallback(() => order[latest.current.current], [order]);

  const finish = useCallback(async () => {
    if (latest.current.phase === 'ended') return;
    latest.current.phase = 'ended';
    setPhase('ended');
    const queue = queueRef.current;
    // What is still on its way goes first; the server keeps what arrives in time.
    if (queue) await queue.drain();
    queue?.hold();
    await transition('finalize', run.uuid, undefined).catch(() => {
      // Already ended (the server's clock ran out first) or not reached: the review says which.
    });
    testEnded();
    setReviewReady(true);
  }, [run.uuid, testEnded]);

  /** Paused from another device: everything waits for Resume. */
  const pausedElsewhere = useCallback(() => {
    if (latest.current.phase !== 'running') return;
    queueRef.current?.hold();
    latest.current.phase = 'paused';
    setPhase('paused');
  }, []);

  const applyClock = useCallback(
    (c: AliveClock) => {
      setClock(localClockOf(c, performance.now()));
      if (c.status === 'COMPLETED') void finish();
      else if (c.status === 'PAUSED') pausedElsewhere();
    },
    [finish, pausedElsewhere],
  );

  // The keep-alive: the clock runs only while the server hears from this screen.
  const told = useKeepAlive({
    testId: run.uuid,
    running: phase === 'running',
    questionUuid: order[current],
    onClock: (c) => {
      setAliveOffline(false);
      applyClock(c);
      // The connection works: anything left waiting goes now.
      if (queueRef.current?.pending.length) queueRef.current.retryNow();
    },
    onFailure: (e) => {
      const f = failureOf(e, null);
      if (f === 'retry') setAliveOffline(true);
      else if (f === 'ended') void finish();
      else if (f === 'paused') pausedElsewhere();
    },
    onOnline: () => queueRef.current?.retryNow(),
  });

  // The queue, with what this device kept from before a reload; then the test starts (or resumes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per test; the run's data is read only here
  useEffect(() => {
    let disposed = false;
    const queue = new ActionQueue(loadQueue(run.uuid, questionIds(run)), {
      send: (a) => sendRunAction(run.uuid, a),
      save: (items) => saveQueue(run.uuid, items),
      onChange: (items) => setPending([...items]),
      onSent: (a, answer) => {
        setConfirmed((c) => {
          const q = c[a.qid];
          if (!q) return c;
          return { ...c, [a.qid]: answer ? confirmedOf(answer) : applyAction(q, a, run.mode) };
        });
        if (answer) applyClock(answer.clock);
      },
      onRefused: (a, error) => notifyError(`${ACTION_NAMES[a.kind]} was not saved`, error),
      onOffline: setQueueOffline,
      onStop: (reason) => {
        if (reason === 'ended') void finish();
        else if (reason === 'paused') pausedElsewhere();
      },
    });
    queueRef.current = queue;
    setPending(queue.pending);
    transition('start', run.uuid, order[latest.current.current])
      .then((c) => {
        if (disposed) return;
        told(order[latest.current.current]);
        if (c.status === 'IN_PROGRESS') {
          latest.current.phase = 'running';
          setPhase('running');
          queue.release();
        }
        applyClock(c);
      })
      .catch((e: unknown) => {
        if (disposed) return;
        if (failureOf(e, null) === 'ended') void finish();
        else {
          setFailure(e);
          setPhase('failed');
        }
      });
    return () => {
      disposed = true;
      queue.dispose();
      queueRef.current = null;
    };
  }, [run.uuid]);

  const push = useCallback((action: NewRunAction) => {
    if (latest.current.phase === 'ended' || latest.current.phase === 'failed') return;
    queueRef.current?.push({ ...action, id: newUuid() } as RunAction);
  }, []);

  const question = run.questions[current]!;
  const state = view[question.uuid]!;

  const actions = useMemo(
    () => ({
      go: (index: number) => setCurrent(clampPosition(index, order.length)),
      next: () => setCurrent((c) => Math.min(c + 1, order.length - 1)),
      previous: () => setCurrent((c) => Math.max(c - 1, 0)),
      ...questionActions((qid) => latest.current.view[qid], push),
    }),
    [order.length, push],
  );

  /** Suspend: the clock stops (PATCH pause) and the learner goes to the dashboard, which offers Resume. */
  const pause = useCallback(async () => {
    const queue = queueRef.current;
    if (!queue || latest.current.phase !== 'running') return;
    setBusy('pause');
    try {
      if (!(await queue.drain())) {
        notifyError('The test was not suspended', new Error('offline'));
        return;
      }
      queue.hold();
      await transition('pause', run.uuid, questionOnScreen());
      testPaused(run.uuid);
      latest.current.phase = 'paused';
      navigate('/dashboard');
    } catch (e) {
      queue.release();
      if (failureOf(e, null) === 'ended') void finish();
      else notifyError('The test was not suspended', e);
    } finally {
      setBusy(null);
    }
  }, [run.uuid, finish, questionOnScreen, testPaused, navigate]);

  /** From the overlay of a test suspended elsewhere: the dashboard, where it waits with Resume. */
  const leaveToDashboard = useCallback(() => navigate('/dashboard'), [navigate]);

  const resume = useCallback(async () => {
    setBusy('resume');
    try {
      const c = await transition('start', run.uuid, questionOnScreen());
      told(questionOnScreen());
      latest.current.phase = 'running';
      setPhase('running');
      applyClock(c);
      queueRef.current?.release();
    } catch (e) {
      if (failureOf(e, null) === 'ended') void finish();
      else notifyError('The test was not resumed', e);
    } finally {
      setBusy(null);
    }
  }, [run.uuid, applyClock, finish, questionOnScreen, told]);

  /** Ends the test and opens its review; answers why it could not, or null. */
  const end = useCallback(async (): Promise<string | null> => {
    const queue = queueRef.current;
    if (queue && !(await queue.drain())) return UNSENT_ANSWERS_MESSAGE;
    queue?.hold();
    try {
      await transition('finalize', run.uuid, questionOnScreen());
    } catch (e) {
      const why = endFailureMessage(e);
      if (why) {
        queue?.release();
        return why;
      }
    }
    latest.current.phase = 'ended';
    testEnded();
    navigate(`/tests/${run.uuid}/review`, { replace: true });
    return null;
  }, [run.uuid, testEnded, navigate, questionOnScreen]);

  const openReview = useCallback(
    () => navigate(`/tests/${run.uuid}/review`, { replace: true }),
    [navigate, run.uuid],
  );

  return {
    order,
    view,
    current,
    question,
    state,
    clock,
    phase,
    failure,
    offline: queueOffline || aliveOffline,
    unsent: pending.length,
    reviewReady,
    busy,
    actions,
    pause,
    resume,
    leaveToDashboard,
    end,
    finish,
    openReview,
  };
}
