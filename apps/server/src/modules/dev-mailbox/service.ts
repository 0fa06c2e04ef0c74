import type { Deps } from '../../deps';
import { newestMail } from './repository';

/** What the dev mailbox shows: the last 200 mails of the embedded outbox. */
const SHOWN = 200;

export function devMailboxService(deps: Deps) {
  return {
    messages: () => newestMail(deps.db, SHOWN),
  };
}
