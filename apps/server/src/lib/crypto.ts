import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe secret of 32 bytes. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
