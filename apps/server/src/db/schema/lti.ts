import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { assignments } from './assignments';
import { products } from './catalogue';
import { cohorts } from './roster';
import { tests } from './tests';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// LTI 1.3 (docs/lti.md): the course platforms connected to a bank, the tool's signing keys, logins under way,
// the platform identities linked to accounts, the courses mapped to cohorts and the one-time entry codes.

/** A course platform connected to a bank: its issuer and client id identify it in every launch. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentIds: text('deployment_ids').array().notNull(),
    authLoginUrl: text('auth_login_url').notNull(),
    authTokenUrl: text('auth_token_url').notNull(),
    keySetUrl: text('key_set_url').notNull(),
    instructorsAllowed: boolean('instructors_allowed').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    lastLaunchAt: ts('last_launch_at'),
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_platforms_issuer_client_key').on(t.issuer, t.clientId),
    index('lti_platforms_product_idx').on(t.productId),
  ],
);

/** The tool's RSA signing keys: the newest unretired one signs; retired ones stay in the key set a while. */
export const ltiKeys = pgTable('lti_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  retiredAt: ts('retired_at'),
});

/**
 * A login under way: the state sent to the platform (as a hash), the nonce the id_token must carry, and the
 * browser that started it (a hash of its cookie). Used once.
 */
export const ltiLogins = pgTable(
  'lti_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    browserHash: text('browser_hash').notNull(),
    /** The platform's frame that keeps data for the tool (`lti_storage_target`), when it offered one. */
    storageTarget: text('storage_target'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('lti_logins_expires_idx').on(t.expiresAt)],
);

/** A platform's person (issuer and subject) linked to an account of ours. */
export const ltiIdentities = pgTable(
  'lti_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_identities_key').on(t.issuer, t.subject),
    index('lti_identities_user_idx').on(t.userId),
  ],
);

/** A course (the launch's context) of a platform, mapped to a cohort of its bank. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    title: text('title'),
    /** The course's membership service (Names and Role Provisioning), as the last launch named it. */
    membershipsUrl: text('memberships_url'),
    /** The course's line items (Assignment and Grade Services), as the last launch named them. */
    lineItemsUrl: text('line_items_url'),
    /** The job syncing the course's members now or last (its progress), and how the last sync ended. */
    syncJobId: bigint('sync_job_id', { mode: 'number' }),
    lastSyncAt: ts('last_sync_at'),
    lastSyncError: text('last_sync_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lti_contexts_key').on(t.platformId, t.contextId)],
);

/**
 * A learner of a course as its platform last told (a launch or the roster sync): `left_at` once the course's
 * list no longer has them; `suspended_by_sync` when the sync suspended their access for it, so their return
 * lifts that suspension (and never one an instructor made).
 */
export const ltiCourseMembers = pgTable(
  'lti_course_members',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leftAt: ts('left_at'),
    suspendedBySync: boolean('suspended_by_sync').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.contextId, t.userId] }),
    index('lti_course_members_user_idx').on(t.userId),
  ],
);

/** The one-time code a launch hands the browser to open its session with (a minute, once). */
export const ltiEntryCodes = pgTable(
  'lti_entry_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The page the session opens on (an assignment's, for a placed link), `/dashboard` when null. */
    landing: text('landing'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('lti_entry_codes_expires_idx').on(t.expiresAt).where(sql`used_at IS NULL`)],
);

/**
 * A registration link an admin made for LTI Dynamic Registration: the platform opens it once, within its hour,
 * and the tool registers itself there for the link's bank. Kept as a hash.
 */
export const ltiRegistrationLinks = pgTable('lti_registration_links', {
  tokenHash: text('token_hash').primaryKey(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  instructorsAllowed: boolean('instructors_allowed').notNull().default(false),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  platformId: uuid('platform_id').references(() => ltiPlatforms.id, { onDelete: 'set null' }),
});

/**
 * A launch whose person is new to the tool but whose e-mail has an account here: kept (as a hash of its code)
 * for ten minutes, for the person to prove that account by signing in, once, to link the two.
 */
export const ltiLinkRequests = pgTable('lti_link_requests', {
  codeHash: text('code_hash').primaryKey(),
  platformId: uuid('platform_id')
    .notNull()
    .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  /** The browser that launched (a hash of its LTI cookie): only it may use the code. */
  browserHash: text('browser_hash').notNull(),
  /** What the launch said, for the link to act on it: the roles, the course and its services. */
  launch: jsonb('launch').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * An instructor's deep linking request (LTI Deep Linking 2.0), from the course's editor: kept (as a hash of the
 * code its picker page carries) for half an hour, used once, for the tool to answer the platform's return URL.
 */
export const ltiDeepLinks = pgTable('lti_deep_links', {
  codeHash: text('code_hash').primaryKey(),
  platformId: uuid('platform_id')
    .notNull()
    .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  deploymentId: text('deployment_id').notNull(),
  contextId: text('context_id'),
  returnUrl: text('return_url').notNull(),
  /** The platform's `data`, given back as it came. */
  data: text('data'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * An assignment placed in a course through deep linking: its resource link, once a launch names it, and the
 * line item of the course's grade book its scores go to.
 */
export const ltiPlacements = pgTable(
  'lti_placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    resourceLinkId: text('resource_link_id'),
    lineItemUrl: text('line_item_url'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_placements_key').on(t.platformId, t.contextId, t.assignmentId),
    index('lti_placements_assignment_idx').on(t.assignmentId),
  ],
);

/**
 * A finished attempt's score for a placement's line item: made once per attempt and placement (in the
 * transaction that finished the attempt), posted once by the `lti.score.post` job.
 */
export const ltiScores = pgTable(
  'lti_scores',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    placementId: uuid('placement_id')
      .notNull()
      .references(() => ltiPlacements.id, { onDelete: 'cascade' }),
    /** The learner at the platform (`sub`). */
    subject: text('subject').notNull(),
    scoreGiven: integer('score_given').notNull(),
    scoreMaximum: integer('score_maximum').notNull(),
    /** The attempt's end: the score's timestamp, the same at every try. */
    finishedAt: ts('finished_at').notNull(),
    jobId: bigint('job_id', { mode: 'number' }),
    postedAt: ts('posted_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.testId, t.placementId] })],
);
