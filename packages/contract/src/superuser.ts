import { z } from 'zod';
import { textField, wholeNumber } from './text';

// Super → Users (SPEC §2 /superuser, §6): superusers find any account and act on it (docs/superuser.md).

/**
 * A page of Super → Users: 20 rows; at most 10 pages deep (pages 0–9): a search narrows further than paging
 * does, and each page costs the rows before it (docs/superuser.md).
 */
export const SUPER_USERS_PAGE_SIZE = 20;
export const SUPER_USERS_PAGE_MAX = 9;

/**
 * GET superuser/users: accounts whose e-mail, full name or last name starts with `search` (any case): e-mail
 * matches first, then full-name, then last-name matches.
 */
export const superUsersQuery = z.object({
  search: textField('search', 'search must be text')
    .trim()
    .max(200, { error: 'search must be at most 200 characters' })
    .default(''),
  page: wholeNumber('page', 0, SUPER_USERS_PAGE_MAX).default(0),
});
export type SuperUsersQuery = z.input<typeof superUsersQuery>;

/** One account as the list shows it. */
export const superUserRow = z.object({
  uuid: z.uuid(),
  emailAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  superuser: z.boolean(),
  /** Whether the e-mail was verified (the registration finished). */
  verified: z.boolean(),
  /** When a superuser disabled the account; null when it may sign in. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SuperUserRow = z.infer<typeof superUserRow>;

/** A page of accounts; `hasMore` instead of a total, which would cost a count of every match. */
export const superUsersPage = z.object({
  users: z.array(superUserRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type SuperUsersPage = z.infer<typeof superUsersPage>;

/** One subscription of an account with its roles (SPEC §6). */
export const superUserSubscription = z.object({
  subscriptionUuid: z.uuid(),
  product: z.object({ uuid: z.uuid(), name: z.string() }),
  type: z.enum(['BASIC', 'PREMIUM', 'PRIVILEGED']),
  /** The subscription is active (it may still be held by the product's instructors: `held`). */
  active: z.boolean(),
  /** The product's instructors suspended or removed the user there. */
  held: z.boolean(),
  student: z.boolean(),
  questionWriter: z.boolean(),
  questionAuditor: z.boolean(),
  instructor: z.boolean(),
  admin: z.boolean(),
  createdAt: z.string(),
});
export type SuperUserSubscription = z.infer<typeof superUserSubscription>;

/** GET superuser/users/{id}: the account, its subscriptions and roles, and its live sessions. */
export const superUserDetail = superUserRow.extend({
  /** Live sessions (signed-in devices) the account has now. */
  sessions: z.number().int(),
  subscriptions: z.array(superUserSubscription),
});
export type SuperUserDetail = z.infer<typeof superUserDetail>;

export const superUserParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

export const superuserFlagInput = z.object({
  superuser: z.boolean({ error: 'superuser must be true or false' }),
});
export const disabledFlagInput = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});

/** What an action answers: the account as it is now, and what it did. */
export const superUserActionResult = z.object({
  user: superUserDetail,
  /** Sessions the action ended (ending sessions, disabling). */
  sessionsEnded: z.number().int(),
  /** What the action did, for the screen to say: "Verification mail sent", "Already verified"… */
  message: z.string(),
});
export type SuperUserActionResult = z.infer<typeof superUserActionResult>;

/** Refusing to change one's own superuser flag (a superuser cannot lock themselves out, or in). */
export const OWN_SUPERUSER_MESSAGE = 'You cannot change your own superuser flag; ask another superuser';
/** Refusing to disable oneself. */
export const OWN_DISABLE_MESSAGE = 'You cannot disable your own account';
/** What a disabled account is told when it signs in (the password was right: nothing more is revealed). */
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Contact support.';
