import { ACTIVITY_WEEKS } from '@qbank/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Mondays (UTC) of the last `count` weeks (ACTIVITY_WEEKS unless told) up to `now`'s, oldest first, as YYYY-MM-DD. */
export function weeksUpTo(now: Date, count = ACTIVITY_WEEKS): string[] {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return Array.from({ length: count }, (_, i) =>
    new Date(monday.getTime() - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}
