import type { Deps } from '../../deps';
import { ALIVE_GRACE_MS } from './clock';
import { expiredTests } from './repository';
import { testsService } from './service';

/** How often the server looks for timed tests whose time ran out (once across instances). */
export const EXPIRY_EVERY_MS = 10_000;

/**
 * The periodic task that ends timed tests whose time ran out while nobody acted on them (a closed tab with
 * less than the grace period left): they are scored as they stand. A test someone acts on is ended by that
 * action instead; both take the test's lock, so it is ended once.
 */
export async function finalizeExpiredTests(deps: Deps, now: Date) {
  let ended = 0;
  for (;;) {
    const ids = await expiredTests(deps.db, now, ALIVE_GRACE_MS, 200);
    if (ids.length === 0) return ended;
    const done = await testsService(deps).finalizeExpired(ids);
    ended += done;
    if (done === 0) return ended;
  }
}
