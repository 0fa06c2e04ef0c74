// The development mailbox: the outbox's messages in a page, when mail goes to the outbox and it is enabled.
import type { ServerModule } from '../manifest';
import { devMailboxRoutes } from './routes';

export const devMailboxModule: ServerModule = {
  name: 'dev-mailbox',
  routes: (app, deps) => {
    if (deps.mailer.transport.kind === 'outbox' && deps.config.devMailbox) devMailboxRoutes(app, deps);
  },
};
