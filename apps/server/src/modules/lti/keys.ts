import { type CryptoKey, createRemoteJWKSet, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { DbOrTx } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { insertKey, publishedKeys } from './repository';

/** A retired key stays in the key set this long, so what it signed can still be checked. */
export const RETIRED_KEY_KEPT_MS = 24 * 60 * 60 * 1000;

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
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomToken(16);
    const meta = { kid, alg: 'RS256', use: 'sig' };
    await insertKey(db, {
      kid,
      publicJwk: { ...(await exportJWK(publicKey)), ...meta },
      privateJwk: { ...(await exportJWK(privateKey)), ...meta },
      now,
    });
    keys = await publishedKeys(db, new Date(now.getTime() - RETIRED_KEY_KEPT_MS));
  }
  return keys;
}

/** The key the tool signs with now (the newest live one): its id and private key, for jose's SignJWT. */
export async function signingKey(db: DbOrTx, now: Date): Promise<{ kid: string; key: CryptoKey }> {
  const live = (await liveKeys(db, now)).find((k) => k.retired_at === null)!;
  const key = await importJWK(live.private_jwk as JWK, 'RS256');
  return { kid: live.kid, key: key as CryptoKey };
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
