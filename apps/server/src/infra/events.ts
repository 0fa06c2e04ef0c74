import type { Tx } from '../db/client';

// What one module tells the others inside the transaction that made it happen (docs/architecture.md): the module
// that owns a change emits it, and a module that must act on it listens, without the two importing each other.
// Listeners run in the emitter's transaction, in the order they were registered: what they write commits or rolls
// back with the change itself, and they must not ask the pool for a second connection. Work that talks to the
// outside world is queued as a job from a listener (the job table is in the same transaction), never done in it.

/** The events and what each carries. */
export interface DomainEvents {
  /** A test was scored and closed, its answers recorded: in the transaction that closed it. */
  'test.finished': {
    testId: string;
    userId: string;
    productId: string;
    /** The assignment the test is an attempt at, if any. */
    assignmentId: string | null;
    scorePercent: number;
    correct: number;
    numQuestions: number;
    finishedAt: Date;
  };
}

export type EventName = keyof DomainEvents;
export type Listener<K extends EventName> = (tx: Tx, payload: DomainEvents[K]) => Promise<void>;

export interface Events {
  on<K extends EventName>(name: K, listener: Listener<K>): void;
  /** Runs every listener of the event in `tx`, one after the other; a listener's error rolls the change back. */
  emit<K extends EventName>(tx: Tx, name: K, payload: DomainEvents[K]): Promise<void>;
}

export function createEvents(): Events {
  const listeners = new Map<EventName, Listener<EventName>[]>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<EventName>]);
    },
    async emit(tx, name, payload) {
      for (const l of listeners.get(name) ?? []) await l(tx, payload);
    },
  };
}
