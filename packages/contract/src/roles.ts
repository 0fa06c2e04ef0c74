import type { SubscriptionSummary, UserMe } from './accounts';

export interface SidebarLink {
  to: string;
  label: string;
}

const links = {
  dashboard: { to: '/dashboard', label: 'Dashboard' },
  startTest: { to: '/tests/create', label: 'Start Test' },
  myTests: { to: '/tests', label: 'My Tests' },
  myQuestions: { to: '/questions', label: 'My Questions' },
  students: { to: '/roster', label: 'Students' },
  testBank: { to: '/test-templates', label: 'Test Bank' },
  testBuilder: { to: '/test-builder/new', label: 'Test Builder' },
  admin: { to: '/admin', label: 'Admin' },
  super: { to: '/superuser', label: 'Super' },
} as const satisfies Record<string, SidebarLink>;

type Roles = Pick<
  SubscriptionSummary,
  'student' | 'questionWriter' | 'questionAuditor' | 'instructor' | 'admin'
>;

/** SPEC §6: which sidebar links a subscription's roles (and the superuser flag) show, in SPEC §2's order. */
export function sidebarLinks(roles: Roles | null, superuser: boolean): SidebarLink[] {
  const out: SidebarLink[] = [];
  if (roles?.student) out.push(links.dashboard, links.startTest, links.myTests);
  if (roles && (roles.questionWriter || roles.questionAuditor || roles.admin)) out.push(links.myQuestions);
  if (roles && (roles.instructor || roles.admin)) out.push(links.students);
  if (roles?.instructor) out.push(links.testBank, links.testBuilder);
  if (roles?.admin) out.push(links.admin);
  if (superuser) out.push(links.super);
  return out;
}

/** SPEC §4: the active subscription is the one matching lastUsedProductUuid, else the first active one. */
export function activeSubscription(
  user: Pick<UserMe, 'subscriptions' | 'lastUsedProductUuid'>,
): SubscriptionSummary | null {
  const active = user.subscriptions.filter((s) => s.active);
  return active.find((s) => s.product.uuid === user.lastUsedProductUuid) ?? active[0] ?? null;
}

const roleLabels = [
  ['questionWriter', 'Question writer'],
  ['questionAuditor', 'Question auditor'],
  ['instructor', 'Instructor'],
  ['admin', 'Admin'],
] as const satisfies readonly (readonly [keyof Roles, string])[];

/**
 * What a staff (PRIVILEGED) subscription is called on the learner's own screens (dashboard, Account Settings):
 * the roles it carries, joined, e.g. 'Question writer, Instructor'. The store's pricing block keeps SPEC §2's
 * 'Admin Access'. A staff subscription with no staff role left reads 'Staff access'.
 */
export function staffAccessLabel(roles: Roles): string {
  const names = roleLabels.filter(([role]) => roles[role]).map(([, label]) => label);
  return names.length > 0 ? names.join(', ') : 'Staff access';
}
