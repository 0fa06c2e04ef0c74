import { TIME_ZONE_COOKIE } from '@qbank/contract';

// Times as the reader's clock shows them, wherever the page is drawn. In the browser a format takes the browser's
// time zone. The server draws some signed-in pages (app/prerender.tsx) before the app runs: there a format takes
// the zone the visitor's browser said in TIME_ZONE_COOKIE (set by the app at its start), so the page the
// server sends and the app that takes it over show the same times. A visitor the server knows no zone for sees
// UTC until the app draws the page.

/** Time zone names are short ("America/Argentina/ComodRivadavia" is among the longest); more is not one. */
const NAME_MAX = 64;

/** `zone` if it names a time zone this runtime knows, else null: a cookie is the visitor's to write. */
export function knownTimeZone(zone: string | undefined | null): string | null {
  if (!zone || zone.length > NAME_MAX) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone of the render in progress on the server; in the browser there is none (the browser's own applies). */
let renderZone: () => string | undefined = () => undefined;

/** On the server: where a format finds the time zone of the page being drawn (app/prerender.tsx). */
export function renderTimeZoneFrom(zone: () => string | undefined) {
  renderZone = zone;
}

/**
 * A function that formats a time (a Date or an ISO string) with `options` in the reader's time zone: the
 * browser's, or on the server the render's. One Intl.DateTimeFormat per zone, made on first use.
 */
export function zonedFormat(options: Intl.DateTimeFormatOptions): (time: Date | string) => string {
  const local = new Intl.DateTimeFormat('en-US', options);
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (time) => {
    const date = typeof time === 'string' ? new Date(time) : time;
    const zone = renderZone();
    if (!zone) return local.format(date);
    let format = byZone.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
      byZone.set(zone, format);
    }
    return format.format(date);
  };
}

/** A time as people read it here, on the reader's clock: "Nov 24, 2026, 9:41 AM". */
export const formatTime: (iso: string) => string = zonedFormat({ dateStyle: 'medium', timeStyle: 'short' });

/**
 * Keeps the browser's time zone in TIME_ZONE_COOKIE for a year, so the server draws the next signed-in page with
 * it. Written only when it changed (a first visit, a journey, a clock set to another zone).
 */
export function rememberTimeZone() {
  if (typeof document === 'undefined') return;
  const zone = knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (!zone) return;
  const value = encodeURIComponent(zone);
  if (document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we serve; the value is escaped above
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
