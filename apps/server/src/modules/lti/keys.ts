import { type CryptoKey, createRemoteJWKSet, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db, DbOrTx } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { dropRetiredKeys, insertKey, lockKey, publishedKeys, retireKeysAt } from './repository';

/** A retired key stays in the key set this long, so what it signed can still be checked. */
export const RETIRED_KEY_KEPT_MS = 24 * 60 * 60 * 1000;
/** A new key is published this long before it signs, so platforms that keep the key set have it by then. */
export const KEY_PUBLISHED_AHEAD_MS = 10 * 60 * 1000;
/** A key signs this long before the daily task rotates it. */
export const KEY_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * The tool's public key set: its live signing key (made on first need) and keys retired within the last day.
 * Two instances making the first key at once each publish theirs: both are valid.
 */
/** A public key as the key set publishes it. */
export interface PublicKey {
  kty: string;
  kid: string;
  alg: string;
  use: string;
  n: string;
  e: string;
}

export async function toolKeySet(db: DbOrTx, now: Date): Promise<{ keys: PublicKey[] }> {
  const keys = await liveKeys(db, now);
  return { keys: keys.map((k) => k.public_jwk as unknown as PublicKey) };
}

/** The published keys, the live signing key made first when there is none. */
async function liveKeys(db: DbOrTx, now: Date) {
  let keys = await publishedKeys(db, new Date(now.getTime() - RETIRED_KEY_KEPT_MS));
  if (!keys.some((k) => k.retired_at === null)) {
    await newKey(db, now);
    keys = await publishedKeys(db, new Date(now.getTime() - RETIRED_KEY_KEPT_MS));
  }
  return keys;
}

/**
 * The key the tool signs with at `now`: of the keys not retired by then, the newest published at least
 * KEY_PUBLISHED_AHEAD_MS ago (the very first key signs at once). Its id and private key, for jose's SignJWT.
 */
export async function signingKey(db: DbOrTx, now: Date): Promise<{ kid: string; key: CryptoKey }> {
  const signing = (await liveKeys(db, now)).filter((k) => k.retired_at === null || k.retired_at > now);
  const live =
    signing.find((k) => k.created_at.getTime() <= now.getTime() - KEY_PUBLISHED_AHEAD_MS) ?? signing.at(-1)!;
  const key = await importJWK(live.private_jwk as JWK, 'RS256');
  return { kid: live.kid, key: key as CryptoKey };
}

async function newKey(db: DbOrTx, now: Date): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomToken(16);
  const meta = { kid, alg: 'RS256', use: 'sig' };
  await insertKey(db, {
    kid,
    publicJwk: { ...(await exportJWK(publicKey)), ...meta },
    privateJwk: { ...(await exportJWK(privateKey)), ...meta },
    now,
  });
  return kid;
}

/**
 * Key rotation, run daily: when the newest key is older than KEY_LIFETIME_MS, a new one is published now and
 * signs from KEY_PUBLISHED_AHEAD_MS on; the old one signs until then and stays in the key set for
 * RETIRED_KEY_KEPT_MS more, so what it signed can still be checked. Keys past that are deleted. One rotation
 * at a time across instances (a lock in its transaction). Answers the new key's id, or null.
 */
export async function rotateKeysIfDue(db: Db, now: Date): Promise<string | null> {
  const kid = await db.transaction(async (tx) => {
    await lockKey(tx, 'lti-keys');
    const keys = await publishedKeys(tx, new Date(now.getTime() - RETIRED_KEY_KEPT_MS));
    const newest = keys[0];
    if (!newest || newest.created_at.getTime() > now.getTime() - KEY_LIFETIME_MS) return null;
    const made = await newKey(tx, now);
    await retireKeysAt(tx, made, new Date(now.getTime() + KEY_PUBLISHED_AHEAD_MS));
    return made;
  });
  await dropRetiredKeys(db, new Date(now.getTime() - RETIRED_KEY_KEPT_MS));
  return kid;
}

/**
 * The platforms' key sets, fetched when first needed and kept (jose's remote set: fetched again when a token
 * names a key it does not hold, at most every 30 s, and at least every 10 minutes).
 */
const platformKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export function platformKeySet(url: string) {
  let set = platformKeySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    platformKeySets.set(url, set);
  }
  return set;
}
