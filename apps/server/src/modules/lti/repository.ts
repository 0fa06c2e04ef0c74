import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectOne, selectRows } from '../../db/rows';

/** A connected platform as stored. */
export interface PlatformRow {
  id: string;
  productId: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  authTokenUrl: string;
  keySetUrl: string;
  instructorsAllowed: boolean;
  enabled: boolean;
  lastLaunchAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

const platformColumns = {
  id: column.string,
  product_id: column.string,
  issuer: column.string,
  client_id: column.string,
  deployment_ids: column.strings,
  auth_login_url: column.string,
  auth_token_url: column.string,
  key_set_url: column.string,
  instructors_allowed: column.boolean,
  enabled: column.boolean,
  last_launch_at: nullable(column.timestamp),
  last_error: nullable(column.string),
  created_at: column.timestamp,
};

const platformSelect = sql`SELECT id, product_id, issuer, client_id, deployment_ids, auth_login_url, auth_token_url,
  key_set_url, instructors_allowed, enabled, last_launch_at, last_error, created_at FROM lti_platforms`;

const toPlatform = (r: {
  id: string;
  product_id: string;
  issuer: string;
  client_id: string;
  deployment_ids: string[];
  auth_login_url: string;
  auth_token_url: string;
  key_set_url: string;
  instructors_allowed: boolean;
  enabled: boolean;
  last_launch_at: Date | null;
  last_error: string | null;
  created_at: Date;
}): PlatformRow => ({
  id: r.id,
  productId: r.product_id,
  issuer: r.issuer,
  clientId: r.client_id,
  deploymentIds: r.deployment_ids,
  authLoginUrl: r.auth_login_url,
  authTokenUrl: r.auth_token_url,
  keySetUrl: r.key_set_url,
  instructorsAllowed: r.instructors_allowed,
  enabled: r.enabled,
  lastLaunchAt: r.last_launch_at,
  lastError: r.last_error,
  createdAt: r.created_at,
});

export async function platformsOf(db: DbOrTx, productId: string): Promise<PlatformRow[]> {
  const rows = await selectRows(
    db,
    platformColumns,
    sql`${platformSelect} WHERE product_id = ${productId} ORDER BY created_at, id`,
  );
  return rows.map(toPlatform);
}

export async function findPlatform(db: DbOrTx, id: string, lock = false): Promise<PlatformRow | null> {
  const rows = await selectRows(
    db,
    platformColumns,
    sql`${platformSelect} WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ? toPlatform(rows[0]) : null;
}

/** The platforms of an issuer (several when one platform connects several banks, each with its client id). */
export async function platformsByIssuer(db: DbOrTx, issuer: string): Promise<PlatformRow[]> {
  const rows = await selectRows(
    db,
    platformColumns,
    sql`${platformSelect} WHERE issuer = ${issuer} ORDER BY id`,
  );
  return rows.map(toPlatform);
}

/** Inserts a platform; null when the issuer and client id are connected already. */
export async function insertPlatform(
  tx: DbOrTx,
  p: Omit<PlatformRow, 'id' | 'enabled' | 'lastLaunchAt' | 'lastError' | 'createdAt'>,
): Promise<PlatformRow | null> {
  const rows = await selectRows(
    tx,
    platformColumns,
    sql`INSERT INTO lti_platforms (product_id, issuer, client_id, deployment_ids, auth_login_url, auth_token_url,
        key_set_url, instructors_allowed)
      VALUES (${p.productId}, ${p.issuer}, ${p.clientId}, ${sql.param(p.deploymentIds)}::text[], ${p.authLoginUrl},
        ${p.authTokenUrl}, ${p.keySetUrl}, ${p.instructorsAllowed})
      ON CONFLICT (issuer, client_id) DO NOTHING
      RETURNING id, product_id, issuer, client_id, deployment_ids, auth_login_url, auth_token_url, key_set_url,
        instructors_allowed, enabled, last_launch_at, last_error, created_at`,
  );
  return rows[0] ? toPlatform(rows[0]) : null;
}

export async function setPlatformEnabled(tx: DbOrTx, id: string, enabled: boolean) {
  await tx.execute(sql`UPDATE lti_platforms SET enabled = ${enabled} WHERE id = ${id}`);
}

export async function deletePlatform(tx: DbOrTx, id: string) {
  await tx.execute(sql`DELETE FROM lti_platforms WHERE id = ${id}`);
}

/** A launch got through: when, and no error since. */
export async function recordLaunch(tx: DbOrTx, id: string, at: Date) {
  await tx.execute(sql`UPDATE lti_platforms SET last_launch_at = ${at}, last_error = NULL WHERE id = ${id}`);
}

/** A launch was refused: the reason, for the admin's list. */
export async function recordLaunchError(db: DbOrTx, id: string, error: string, at: Date) {
  await db.execute(
    sql`UPDATE lti_platforms SET last_error = ${error.slice(0, 500)}, last_error_at = ${at} WHERE id = ${id}`,
  );
}

export async function insertLogin(
  db: DbOrTx,
  l: {
    stateHash: string;
    platformId: string;
    nonce: string;
    browserHash: string;
    storageTarget: string | null;
    expiresAt: Date;
  },
) {
  await db.execute(sql`INSERT INTO lti_logins (state_hash, platform_id, nonce, browser_hash, storage_target,
      expires_at)
    VALUES (${l.stateHash}, ${l.platformId}, ${l.nonce}, ${l.browserHash}, ${l.storageTarget}, ${l.expiresAt})`);
}

/** A login by its state's hash, whatever its standing (the caller says why it cannot be used). */
export async function findLogin(db: DbOrTx, stateHash: string) {
  const rows = await selectRows(
    db,
    {
      platform_id: column.string,
      nonce: column.string,
      browser_hash: column.string,
      storage_target: nullable(column.string),
      expires_at: column.timestamp,
      used_at: nullable(column.timestamp),
    },
    sql`SELECT platform_id, nonce, browser_hash, storage_target, expires_at, used_at
      FROM lti_logins WHERE state_hash = ${stateHash}`,
  );
  return rows[0] ?? null;
}

/** Uses a login once: true for the one caller that got it, while it was live. */
export async function useLogin(tx: DbOrTx, stateHash: string, now: Date): Promise<boolean> {
  const rows = await selectRows(
    tx,
    { state_hash: column.string },
    sql`UPDATE lti_logins SET used_at = ${now}
      WHERE state_hash = ${stateHash} AND used_at IS NULL AND expires_at > ${now} RETURNING state_hash`,
  );
  return rows.length === 1;
}

/** Logins over a day old: nothing needs them any more. */
export async function dropOldLogins(db: DbOrTx, before: Date) {
  await db.execute(sql`DELETE FROM lti_logins WHERE expires_at < ${before}`);
  await db.execute(sql`DELETE FROM lti_entry_codes WHERE expires_at < ${before}`);
  await db.execute(sql`DELETE FROM lti_registration_links WHERE expires_at < ${before}`);
  await db.execute(sql`DELETE FROM lti_link_requests WHERE expires_at < ${before}`);
  await db.execute(sql`DELETE FROM lti_deep_links WHERE expires_at < ${before}`);
}

/** Launches of one person (or one course) take their turn: a lock for the transaction, on the key's hash. */
export async function lockKey(tx: DbOrTx, key: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function userOfIdentity(tx: DbOrTx, issuer: string, subject: string): Promise<string | null> {
  const rows = await selectRows(
    tx,
    { user_id: column.string },
    sql`SELECT user_id FROM lti_identities WHERE issuer = ${issuer} AND subject = ${subject}`,
  );
  return rows[0]?.user_id ?? null;
}

export async function insertIdentity(tx: DbOrTx, issuer: string, subject: string, userId: string, now: Date) {
  await tx.execute(sql`INSERT INTO lti_identities (issuer, subject, user_id, created_at)
    VALUES (${issuer}, ${subject}, ${userId}, ${now})`);
}

/** Whether an account has this address (in its stored, lower-case form). */
export async function emailTaken(tx: DbOrTx, email: string): Promise<boolean> {
  const rows = await selectRows(
    tx,
    { one: column.int },
    sql`SELECT 1 AS one FROM users WHERE email = ${email}`,
  );
  return rows.length > 0;
}

/** A student's account made by a launch: no password (it signs in through its course), not verified. */
export async function insertLtiUser(
  tx: DbOrTx,
  u: { email: string; firstName: string; lastName: string; now: Date },
): Promise<string> {
  const row = await selectOne(
    tx,
    { id: column.string },
    sql`INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at, created_at, updated_at)
      VALUES (${u.email}, ${u.firstName}, ${u.lastName}, NULL, NULL, ${u.now}, ${u.now}) RETURNING id`,
  );
  return row.id;
}

export async function userDisabled(tx: DbOrTx, userId: string): Promise<boolean> {
  const row = await selectOne(
    tx,
    { disabled: column.boolean },
    sql`SELECT disabled_at IS NOT NULL AS disabled FROM users WHERE id = ${userId}`,
  );
  return row.disabled;
}

export async function cohortOfContext(
  tx: DbOrTx,
  platformId: string,
  contextId: string,
): Promise<string | null> {
  const rows = await selectRows(
    tx,
    { cohort_id: column.string },
    sql`SELECT cohort_id FROM lti_contexts WHERE platform_id = ${platformId} AND context_id = ${contextId}`,
  );
  return rows[0]?.cohort_id ?? null;
}

/**
 * A cohort for a course: named after it, or after it and its id when the name is taken by another cohort of the
 * bank. Answers the cohort's id.
 */
export async function insertContextCohort(
  tx: DbOrTx,
  c: { platformId: string; productId: string; contextId: string; title: string; now: Date },
): Promise<string> {
  const names = [c.title, `${c.title} (${c.contextId})`.slice(0, 200)];
  let cohortId: string | null = null;
  for (const name of names) {
    const rows = await selectRows(
      tx,
      { id: column.string },
      sql`INSERT INTO cohorts (product_id, name, created_at) VALUES (${c.productId}, ${name}, ${c.now})
        ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (rows[0]) {
      cohortId = rows[0].id;
      break;
    }
  }
  if (!cohortId) {
    // Both names taken: the course's id alone is unique among the platform's courses.
    const row = await selectOne(
      tx,
      { id: column.string },
      sql`INSERT INTO cohorts (product_id, name, created_at)
        VALUES (${c.productId}, ${`Course ${c.contextId} ${c.platformId.slice(0, 8)}`.slice(0, 200)}, ${c.now}) RETURNING id`,
    );
    cohortId = row.id;
  }
  await tx.execute(sql`INSERT INTO lti_contexts (platform_id, context_id, cohort_id, title, created_at)
    VALUES (${c.platformId}, ${c.contextId}, ${cohortId}, ${c.title}, ${c.now})`);
  return cohortId;
}

export async function insertEntryCode(
  tx: DbOrTx,
  e: { codeHash: string; userId: string; productId: string; landing: string | null; expiresAt: Date },
) {
  await tx.execute(sql`INSERT INTO lti_entry_codes (code_hash, user_id, product_id, landing, expires_at)
    VALUES (${e.codeHash}, ${e.userId}, ${e.productId}, ${e.landing}, ${e.expiresAt})`);
}

/** Uses an entry code once while it is live: its user and bank, or null. */
export async function useEntryCode(tx: DbOrTx, codeHash: string, now: Date) {
  const rows = await selectRows(
    tx,
    { user_id: column.string, product_id: column.string, landing: nullable(column.string) },
    sql`UPDATE lti_entry_codes SET used_at = ${now}
      WHERE code_hash = ${codeHash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING user_id, product_id, landing`,
  );
  return rows[0] ?? null;
}

/** The tool's keys still published: the live ones and those retired in the last `keepMs`. */
export async function publishedKeys(db: DbOrTx, since: Date) {
  return selectRows(
    db,
    {
      kid: column.string,
      public_jwk: column.json<Record<string, unknown>>(),
      private_jwk: column.json<Record<string, unknown>>(),
      retired_at: nullable(column.timestamp),
      created_at: column.timestamp,
    },
    sql`SELECT kid, public_jwk, private_jwk, retired_at, created_at FROM lti_keys
      WHERE retired_at IS NULL OR retired_at > ${since} ORDER BY created_at DESC, kid`,
  );
}

export async function insertKey(
  db: DbOrTx,
  k: { kid: string; publicJwk: unknown; privateJwk: unknown; now: Date },
) {
  await db.execute(sql`INSERT INTO lti_keys (kid, public_jwk, private_jwk, created_at)
    VALUES (${k.kid}, ${JSON.stringify(k.publicJwk)}::jsonb, ${JSON.stringify(k.privateJwk)}::jsonb, ${k.now})`);
}

/** A course of a platform as its services need it. */
export interface CourseRow {
  platformId: string;
  contextId: string;
  cohortId: string;
  title: string | null;
  membershipsUrl: string | null;
  lineItemsUrl: string | null;
  syncJobId: number | null;
  lastSyncAt: Date | null;
  lastSyncError: string | null;
}

const courseShape = {
  platform_id: column.string,
  context_id: column.string,
  cohort_id: column.string,
  title: nullable(column.string),
  memberships_url: nullable(column.string),
  line_items_url: nullable(column.string),
  sync_job_id: nullable(column.int),
  last_sync_at: nullable(column.timestamp),
  last_sync_error: nullable(column.string),
};
const courseSelect = sql`SELECT platform_id, context_id, cohort_id, title, memberships_url, line_items_url,
  sync_job_id::int AS sync_job_id, last_sync_at, last_sync_error FROM lti_contexts`;
const toCourse = (r: {
  platform_id: string;
  context_id: string;
  cohort_id: string;
  title: string | null;
  memberships_url: string | null;
  line_items_url: string | null;
  sync_job_id: number | null;
  last_sync_at: Date | null;
  last_sync_error: string | null;
}): CourseRow => ({
  platformId: r.platform_id,
  contextId: r.context_id,
  cohortId: r.cohort_id,
  title: r.title,
  membershipsUrl: r.memberships_url,
  lineItemsUrl: r.line_items_url,
  syncJobId: r.sync_job_id,
  lastSyncAt: r.last_sync_at,
  lastSyncError: r.last_sync_error,
});

export async function findCourse(
  db: DbOrTx,
  platformId: string,
  contextId: string,
  lock = false,
): Promise<CourseRow | null> {
  const rows = await selectRows(
    db,
    courseShape,
    sql`${courseSelect} WHERE platform_id = ${platformId} AND context_id = ${contextId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ? toCourse(rows[0]) : null;
}

export async function coursesOf(db: DbOrTx, platformId: string): Promise<CourseRow[]> {
  const rows = await selectRows(
    db,
    courseShape,
    sql`${courseSelect} WHERE platform_id = ${platformId} ORDER BY title, context_id`,
  );
  return rows.map(toCourse);
}

/** The courses with a membership service, of the enabled platforms: what the daily sync goes through. */
export async function syncableCourses(db: DbOrTx): Promise<{ platformId: string; contextId: string }[]> {
  const rows = await selectRows(
    db,
    { platform_id: column.string, context_id: column.string },
    sql`SELECT c.platform_id, c.context_id FROM lti_contexts c JOIN lti_platforms p ON p.id = c.platform_id
      WHERE p.enabled AND c.memberships_url IS NOT NULL ORDER BY c.platform_id, c.context_id`,
  );
  return rows.map((r) => ({ platformId: r.platform_id, contextId: r.context_id }));
}

/** The course's service addresses as the latest launch names them (a launch without them keeps the old). */
export async function setCourseServices(
  tx: DbOrTx,
  platformId: string,
  contextId: string,
  s: { membershipsUrl: string | null; lineItemsUrl: string | null },
) {
  await tx.execute(sql`UPDATE lti_contexts
    SET memberships_url = coalesce(${s.membershipsUrl}, memberships_url),
      line_items_url = coalesce(${s.lineItemsUrl}, line_items_url)
    WHERE platform_id = ${platformId} AND context_id = ${contextId}`);
}

export async function setSyncJob(tx: DbOrTx, platformId: string, contextId: string, jobId: number) {
  await tx.execute(sql`UPDATE lti_contexts SET sync_job_id = ${jobId}
    WHERE platform_id = ${platformId} AND context_id = ${contextId}`);
}

/** How the course's last sync ended: when, and its error (null: it went through). */
export async function recordSync(
  db: DbOrTx,
  platformId: string,
  contextId: string,
  at: Date,
  error: string | null,
) {
  await db.execute(sql`UPDATE lti_contexts SET last_sync_at = ${at}, last_sync_error = ${error?.slice(0, 500) ?? null}
    WHERE platform_id = ${platformId} AND context_id = ${contextId}`);
}

/** Takes the keys' locks for the transaction, in one order (two holders of several never deadlock). */
export async function lockKeys(tx: DbOrTx, keys: string[]) {
  if (keys.length === 0) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
    FROM (SELECT DISTINCT k FROM unnest(${sql.param(keys)}::text[]) AS k ORDER BY k) AS sorted`);
}

/** The accounts linked to these subjects of an issuer. */
export async function usersOfIdentities(
  tx: DbOrTx,
  issuer: string,
  subjects: string[],
): Promise<Map<string, string>> {
  const rows = await selectRows(
    tx,
    { subject: column.string, user_id: column.string },
    sql`SELECT subject, user_id FROM lti_identities
      WHERE issuer = ${issuer} AND subject = ANY(${sql.param(subjects)}::text[])`,
  );
  return new Map(rows.map((r) => [r.subject, r.user_id]));
}

/** Which of these (stored, lower-case) addresses an account has. */
export async function emailsTaken(tx: DbOrTx, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await selectRows(
    tx,
    { email: column.string },
    sql`SELECT email FROM users WHERE email = ANY(${sql.param(emails)}::text[])`,
  );
  return new Set(rows.map((r) => r.email));
}

/** Students' accounts made by the roster sync, with their identities: answers each new account's id by subject. */
export async function insertLtiUsers(
  tx: DbOrTx,
  issuer: string,
  people: { subject: string; email: string; firstName: string; lastName: string }[],
  now: Date,
): Promise<Map<string, string>> {
  if (people.length === 0) return new Map();
  const rows = await selectRows(
    tx,
    { id: column.string, email: column.string },
    sql`INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at, created_at, updated_at)
      SELECT e, f, l, NULL, NULL, ${now}, ${now}
      FROM unnest(${sql.param(people.map((p) => p.email))}::text[], ${sql.param(people.map((p) => p.firstName))}::text[],
        ${sql.param(people.map((p) => p.lastName))}::text[]) AS t(e, f, l)
      ON CONFLICT DO NOTHING
      RETURNING id, email`,
  );
  // An address someone registered meanwhile was skipped: that person is left unlinked, as a taken one is.
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const made = new Map<string, string>();
  for (const p of people) {
    const id = byEmail.get(p.email);
    if (id) made.set(p.subject, id);
  }
  if (made.size === 0) return made;
  await tx.execute(sql`INSERT INTO lti_identities (issuer, subject, user_id, created_at)
    SELECT ${issuer}, s, u, ${now}
    FROM unnest(${sql.param([...made.keys()])}::text[], ${sql.param([...made.values()])}::uuid[]) AS t(s, u)`);
  return made;
}

/**
 * Records these users as present in the course (a launch, or the course's list); answers those the sync had
 * suspended for leaving any course of the product, whose flag is cleared here.
 */
export async function markPresent(
  tx: DbOrTx,
  c: { platformId: string; productId: string; contextId: string; userIds: string[]; now: Date },
): Promise<string[]> {
  if (c.userIds.length === 0) return [];
  await tx.execute(sql`INSERT INTO lti_course_members (platform_id, context_id, user_id, left_at, updated_at)
    SELECT ${c.platformId}, ${c.contextId}, u, NULL, ${c.now} FROM unnest(${sql.param(c.userIds)}::uuid[]) AS u
    ON CONFLICT (platform_id, context_id, user_id) DO UPDATE SET left_at = NULL, updated_at = ${c.now}
      WHERE lti_course_members.left_at IS NOT NULL`);
  const rows = await selectRows(
    tx,
    { user_id: column.string },
    sql`UPDATE lti_course_members m SET suspended_by_sync = false, updated_at = ${c.now}
      FROM lti_platforms p
      WHERE p.id = m.platform_id AND p.product_id = ${c.productId} AND m.suspended_by_sync
        AND m.user_id = ANY(${sql.param(c.userIds)}::uuid[])
      RETURNING m.user_id`,
  );
  return [...new Set(rows.map((r) => r.user_id))];
}

/**
 * Marks the course's learners not among `present` as gone; answers those now in no course of the product
 * (any platform's), whose access the sync suspends.
 */
export async function markGone(
  tx: DbOrTx,
  c: { platformId: string; productId: string; contextId: string; present: string[]; now: Date },
): Promise<string[]> {
  const gone = await selectRows(
    tx,
    { user_id: column.string },
    sql`UPDATE lti_course_members SET left_at = ${c.now}, updated_at = ${c.now}
      WHERE platform_id = ${c.platformId} AND context_id = ${c.contextId} AND left_at IS NULL
        AND user_id <> ALL(${sql.param(c.present)}::uuid[])
      RETURNING user_id`,
  );
  if (gone.length === 0) return [];
  const rows = await selectRows(
    tx,
    { user_id: column.string },
    sql`SELECT u AS user_id FROM unnest(${sql.param(gone.map((g) => g.user_id))}::uuid[]) AS u
      WHERE NOT EXISTS (SELECT 1 FROM lti_course_members m JOIN lti_platforms p ON p.id = m.platform_id
        WHERE m.user_id = u AND m.left_at IS NULL AND p.product_id = ${c.productId})
      ORDER BY u`,
  );
  return rows.map((r) => r.user_id);
}

/** Notes that the sync suspended these learners of the course (their return lifts it). */
export async function markSuspendedBySync(
  tx: DbOrTx,
  platformId: string,
  contextId: string,
  userIds: string[],
) {
  if (userIds.length === 0) return;
  await tx.execute(sql`UPDATE lti_course_members SET suspended_by_sync = true
    WHERE platform_id = ${platformId} AND context_id = ${contextId} AND user_id = ANY(${sql.param(userIds)}::uuid[])`);
}

export async function insertRegistrationLink(
  db: DbOrTx,
  l: {
    tokenHash: string;
    productId: string;
    createdBy: string;
    instructorsAllowed: boolean;
    expiresAt: Date;
  },
) {
  await db.execute(sql`INSERT INTO lti_registration_links (token_hash, product_id, created_by, instructors_allowed, expires_at)
    VALUES (${l.tokenHash}, ${l.productId}, ${l.createdBy}, ${l.instructorsAllowed}, ${l.expiresAt})`);
}

/** Claims a registration link once while it is live: its bank and settings, or null. */
export async function claimRegistrationLink(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await selectRows(
    db,
    { product_id: column.string, created_by: nullable(column.string), instructors_allowed: column.boolean },
    sql`UPDATE lti_registration_links SET used_at = ${now}
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING product_id, created_by, instructors_allowed`,
  );
  return rows[0] ?? null;
}

/** Gives a claimed link back (the registration failed at the platform): it may be opened again. */
export async function releaseRegistrationLink(db: DbOrTx, tokenHash: string) {
  await db.execute(
    sql`UPDATE lti_registration_links SET used_at = NULL WHERE token_hash = ${tokenHash} AND platform_id IS NULL`,
  );
}

export async function linkRegistration(db: DbOrTx, tokenHash: string, platformId: string) {
  await db.execute(
    sql`UPDATE lti_registration_links SET platform_id = ${platformId} WHERE token_hash = ${tokenHash}`,
  );
}

/**
 * A platform registered without a deployment id takes the first its launches name: answers whether `deployment`
 * is (now) one of the platform's.
 */
export async function adoptDeployment(db: DbOrTx, platformId: string, deployment: string): Promise<boolean> {
  const rows = await selectRows(
    db,
    { ok: column.boolean },
    sql`UPDATE lti_platforms SET deployment_ids = ARRAY[${deployment}]::text[]
      WHERE id = ${platformId} AND cardinality(deployment_ids) = 0 RETURNING true AS ok`,
  );
  return rows.length === 1;
}

export async function insertLinkRequest(
  tx: DbOrTx,
  r: {
    codeHash: string;
    platformId: string;
    subject: string;
    email: string;
    browserHash: string;
    launch: unknown;
    expiresAt: Date;
  },
) {
  await tx.execute(sql`INSERT INTO lti_link_requests (code_hash, platform_id, subject, email, browser_hash, launch, expires_at)
    VALUES (${r.codeHash}, ${r.platformId}, ${r.subject}, ${r.email}, ${r.browserHash}, ${JSON.stringify(r.launch)}::jsonb, ${r.expiresAt})`);
}

const linkShape = {
  platform_id: column.string,
  subject: column.string,
  email: column.string,
  browser_hash: column.string,
  launch: column.json<Record<string, unknown>>(),
  expires_at: column.timestamp,
  used_at: nullable(column.timestamp),
};

/** A link request by its code's hash, whatever its standing. */
export async function findLinkRequest(db: DbOrTx, codeHash: string) {
  const rows = await selectRows(
    db,
    linkShape,
    sql`SELECT platform_id, subject, email, browser_hash, launch, expires_at, used_at FROM lti_link_requests
      WHERE code_hash = ${codeHash}`,
  );
  return rows[0] ?? null;
}

/** Uses a link request once, while it is live and from its browser: its launch, or null. */
export async function useLinkRequest(tx: DbOrTx, codeHash: string, browserHash: string, now: Date) {
  const rows = await selectRows(
    tx,
    linkShape,
    sql`UPDATE lti_link_requests SET used_at = ${now}
      WHERE code_hash = ${codeHash} AND browser_hash = ${browserHash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING platform_id, subject, email, browser_hash, launch, expires_at, used_at`,
  );
  return rows[0] ?? null;
}

/** Retires the keys still signing at `at` (the new key takes over then); they stay published a while after. */
export async function retireKeysAt(tx: DbOrTx, exceptKid: string, at: Date) {
  await tx.execute(
    sql`UPDATE lti_keys SET retired_at = ${at} WHERE retired_at IS NULL AND kid <> ${exceptKid}`,
  );
}

/** Keys retired before `before`: no token they signed can still be in use. */
export async function dropRetiredKeys(db: DbOrTx, before: Date) {
  await db.execute(sql`DELETE FROM lti_keys WHERE retired_at < ${before}`);
}
