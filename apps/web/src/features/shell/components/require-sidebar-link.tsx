import { activeSubscription, sidebarLinks } from '@qbank/contract';
import type { ReactNode } from 'react';
import { useAuth } from '../../accounts/api/auth';
import { NoAccessPage } from '../routes/no-access-page';

const SUPER = '/superuser';

/**
 * Opens a staff page only for a user whose active subscription's roles (and superuser flag) show its sidebar
 * link (SPEC §6, the contract's one rule), or who is a superuser when `orSuperuser` says superusers may use the
 * page without the link; anyone else, typing the address, is told they have no access.
 */
export function RequireSidebarLink({
  to,
  label,
  orSuperuser = false,
  children,
}: {
  to: string;
  label: string;
  orSuperuser?: boolean;
  children: ReactNode;
}) {
  const { user } = useAuth();
  if (!user) return null; // the shell shows the loader or sends the visitor to /login
  const active = activeSubscription(user);
  if (orSuperuser && user.superuser) return children;
  if (sidebarLinks(active, user.superuser).some((l) => l.to === to)) return children;
  const reason =
    to === SUPER
      ? `The ${label} page is for platform superusers only.`
      : active
        ? `The ${label} page is not part of your role in ${active.product.name}. If you think it should be, ask the QBank's administrator.`
        : `The ${label} page needs a QBank subscription with the right role.`;
  return <NoAccessPage reason={reason} />;
}
