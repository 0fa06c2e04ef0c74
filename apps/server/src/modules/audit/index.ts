// The audit module: reading the append-only audit log (docs/audit-log.md). Writing it is infra/audit.ts, called
// by every module in the transaction of the action it records.
import type { ServerModule } from '../manifest';
import { auditRoutes } from './routes';

export const auditModule: ServerModule = { name: 'audit', routes: auditRoutes };
