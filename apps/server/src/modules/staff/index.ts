// The staff module: a product's writers, auditors, instructors and admins, granted and revoked by e-mail by its
// admins, and the invitations of people without an account (docs/staff.md).
import type { ServerModule } from '../manifest';
import { staffRoutes } from './routes';

export const staffModule: ServerModule = { name: 'staff', routes: staffRoutes };
export { applyStaffRoles, sendStaffInvitation } from './service';
