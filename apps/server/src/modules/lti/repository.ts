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
  l: { stateHash: string; platformId: string; nonce: string; browserHash: string; expiresAt: Date },
) {
  await db.execute(sql`INSERT INTO lti_logins (state_hash, platform_id, nonce, browser_hash, expires_at)
    VALUES (${l.stateHash}, ${l.platformId}, ${l.nonce}, ${l.browserHash}, ${l.expiresAt})`);
}

/** A login by its state's hash, whatever its standing (the caller says why it cannot be used). */
export async function findLogin(db: DbOrTx, stateHash: string) {
  const rows = await selectRows(
    db,
    {
      platform_id: column.string,
      nonce: column.string,
      browser_hash: column.string,
      expires_at: column.timestamp,
      used_at: nullable(column.timestamp),
    },
    sql`SELECT platform_id, nonce, browser_hash, expires_at, used_at FROM lti_logins WHERE state_hash = ${stateHash}`,
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
  e: { codeHash: string; userId: string; productId: string; expiresAt: Date },
) {
  await tx.execute(sql`INSERT INTO lti_entry_codes (code_hash, user_id, product_id, expires_at)
    VALUES (${e.codeHash}, ${e.userId}, ${e.productId}, ${e.expiresAt})`);
}

/** Uses an entry code once while it is live: its user and bank, or null. */
export async function useEntryCode(tx: DbOrTx, codeHash: string, now: Date) {
  const rows = await selectRows(
    tx,
    { user_id: column.string, product_id: column.string },
    sql`UPDATE lti_entry_codes SET used_at = ${now}
      WHERE code_hash = ${codeHash} AND used_at IS NULL AND expires_at > ${now} RETURNING user_id, product_id`,
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
    },
    sql`SELECT kid, public_jwk, private_jwk, retired_at FROM lti_keys
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
