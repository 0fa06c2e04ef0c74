import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import type { Deps } from '../deps';
import type { DomainEvents, EventName } from '../infra/events';
import type { JobDefinition } from '../infra/jobs';

/** A task a module runs every `everyMs` on every instance (infra/jobs.ts `every`): safe to run at once. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(deps: Deps, now: Date): Promise<unknown>;
}

/**
 * What a module adds to the server, from its index.ts: its routes, the kinds of background job it enqueues
 * the tasks it runs periodically and the events it listens to. app.ts registers every module in `MODULES` (modules/index.ts) in order.
 */
export interface ServerModule {
  name: string;
  routes?(app: FastifyInstance, deps: Deps): void | Promise<void>;
  jobs?: readonly JobDefinition[];
  every?: readonly PeriodicTask[];
  /** What it does when another module's change happens, in that change's transaction (infra/events.ts). */
  on?: { [K in EventName]?: (deps: Deps, tx: Tx, payload: DomainEvents[K]) => Promise<void> };
}
