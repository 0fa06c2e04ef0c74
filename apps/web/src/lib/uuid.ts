/**
 * A new version 4 UUID, for an id the client makes (a test, an action on the exam screen, a question's choice, an
 * upload). crypto.randomUUID exists only in secure contexts (https, localhost): a bank served over plain http on
 * a network address (a school's own server, a LAN) has none, and any call to it throws. getRandomValues exists
 * everywhere, so the same layout is made from it there.
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
