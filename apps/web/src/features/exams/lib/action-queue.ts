import type { QuestionAction } from '@qbank/contract';
import { nextRetryDelay } from '../../../lib/retry';
import { enqueue, failureOf } from './queue-items';
import type { RunAction } from './run-state';

export interface QueueHooks {
  /** Sends one action to the server. */
  send(action: RunAction): Promise<QuestionAction>;
  /** Keeps what is still to send on this device, so a reload loses nothing. */
  save(items: readonly RunAction[]): void;
  /** The actions still on their way changed (the screen shows them applied). */
  onChange(items: readonly RunAction[]): void;
  /** The server took an action; `answer` is null when it had nothing left to do. Called before onChange. */
  onSent(action: RunAction, answer: QuestionAction | null): void;
  /** The server refused an action for good: it was dropped. */
  onRefused(action: RunAction, error: unknown): void;
  /** Whether the server could not be reached the last time an action was sent. */
  onOffline(offline: boolean): void;
  /** Sending stopped: the test ended (everything was dropped), was paused, or the session ended (both kept). */
  onStop(reason: 'ended' | 'paused' | 'signed-out'): void;
}

/**
 * The exam screen's actions, sent one at a time in the order they were made. Each is applied on the screen
 * at once; here it waits until the server has it. When the server cannot be reached (or fails) the action
 * stays first in line and is tried again after 200 ms, the wait doubling while the previous one was at most
 * 1600 ms (SPEC §8); after that it waits for `retryNow` (the connection is back, a keep-alive got through) or a
 * new action. Held until the test is started, and whenever it is paused.
 */
export class ActionQueue {
  private items: RunAction[];
  private sending: string | null = null;
  private running: Promise<void> | null = null;
  private held = true;
  private lastDelay: number | null = null;
  private wake: (() => void) | null = null;
  private disposed = false;

  constructor(
    initial: readonly RunAction[],
    private readonly hooks: QueueHooks,
  ) {
    this.items = [...initial];
  }

  get pending(): readonly RunAction[] {
    return this.items;
  }

  push(action: RunAction): void {
    this.items = enqueue(this.items, action, this.sending);
    this.changed();
    this.kick();
  }

  /** Stops sending after the action on its way (a pause is coming). */
  hold(): void {
    this.held = true;
  }

  /** Sends again: the test is running. */
  release(): void {
    this.held = false;
    this.retryNow();
  }

  /** Tries the first action again now, with the retry delays from the start. */
  retryNow(): void {
    this.lastDelay = null;
    this.wake?.();
    this.kick();
  }

  /** Sends everything it can; answers whether nothing is left (before a pause or the end of the test). */
  async drain(): Promise<boolean> {
    this.retryNow();
    while (this.running) await this.running;
    return this.items.length === 0;
  }

  dispose(): void {
    this.disposed = true;
    this.wake?.();
  }

  private changed() {
    this.hooks.save(this.items);
    this.hooks.onChange(this.items);
  }

  private remove(action: RunAction) {
    this.items = this.items.filter((a) => a.id !== action.id);
    this.changed();
  }

  private kick() {
    if (this.running || this.held || this.disposed || this.items.length === 0) return;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private async loop() {
    while (!this.held && !this.disposed && this.items.length > 0) {
      const action = this.items[0]!;
      this.sending = action.id;
      let failure: ReturnType<typeof failureOf> | null = null;
      let error: unknown;
      try {
        const answer = await this.hooks.send(action);
        if (this.disposed) return;
        this.lastDelay = null;
        this.hooks.onOffline(false);
        this.hooks.onSent(action, answer);
        this.remove(action);
      } catch (e) {
        error = e;
        failure = failureOf(e, action);
      } finally {
        this.sending = null;
      }
      if (failure === null || this.disposed) continue;
      if (failure === 'done') {
        this.hooks.onOffline(false);
        this.hooks.onSent(action, null);
        this.remove(action);
      } else if (failure === 'refused') {
        this.hooks.onOffline(false);
        this.remove(action);
        this.hooks.onRefused(action, error);
      } else if (failure === 'retry') {
        this.hooks.onOffline(true);
        const delay = nextRetryDelay(this.lastDelay);
        if (delay === null) return; // until retryNow or a new action
        this.lastDelay = delay;
        await this.sleep(delay);
      } else if (failure === 'ended') {
        this.items = [];
        this.changed();
        this.hooks.onStop('ended');
        return;
      } else {
        this.held = true;
        this.hooks.onStop(failure);
        return;
      }
    }
  }
}
