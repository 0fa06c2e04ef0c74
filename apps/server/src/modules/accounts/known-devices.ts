import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { safeEqual, sha256Hex } from '../../lib/crypto';
import { sharedSecret } from './repository';

export const DEVICE_COOKIE = 'qbank_device';
const SECRET_KEY = 'known_device_secret';
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

/**
 * "Known devices" (docs/decisions/0011-sign-in-limits.md): a browser that signed in to an account gets a
 * long-lived cookie, signed with a secret shared by every instance, naming that account. Failed sign-ins
 * from it count against its own allowance, not the account's ceiling, so other people's failures cannot lock
 * its owner out. The cookie proves only that this browser signed in before; it is sent to /login only.
 */
export function knownDevices(db: Db, clock: Clock) {
  let secret: Promise<string> | null = null;
  const sign = async (body: string) => {
    secret ??= sharedSecret(db, SECRET_KEY).catch((e) => {
      secret = null;
      throw e;
    });
    return createHmac('sha256', await secret)
      .update(body)
      .digest('base64url');
  };
  return {
    /** An id for this device when its cookie was signed for this user and is not too old; else null. */
    async recognise(cookie: string | undefined, userId: string): Promise<string | null> {
      const [uid, issued, mac] = cookie?.split('.') ?? [];
      if (!cookie || uid !== userId || !issued || !mac) return null;
      if (!(clock.nowMs() / 1000 - Number(issued) < DEVICE_COOKIE_MAX_AGE_S)) return null;
      if (!safeEqual(mac, await sign(`${uid}.${issued}`))) return null;
      return sha256Hex(cookie).slice(0, 32);
    },
    /** The cookie value that marks this browser as one that signed in to the user's account. */
    async remember(userId: string): Promise<string> {
      const body = `${userId}.${Math.floor(clock.nowMs() / 1000)}`;
      return `${body}.${await sign(body)}`;
    },
  };
}
