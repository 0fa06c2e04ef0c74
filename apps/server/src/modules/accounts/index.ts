// The accounts module: users, sessions, one-time tokens, profile and password.
import type { ServerModule } from '../manifest';
import { accountsRoutes } from './routes';

export {
  countSessionsOf,
  deleteSessionsOf,
  findUserByEmail,
  findUserById,
  loadUserMe,
  sessionProven,
  setLastUsedProduct,
  TOUCH_EVERY_MS,
} from './repository';
export { openSession, readSession } from './sessions';
export { consumeToken, findLiveToken, issueToken, issueTokens } from './tokens';

export const accountsModule: ServerModule = { name: 'accounts', routes: accountsRoutes };
