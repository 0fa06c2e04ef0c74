/**
 * PostgreSQL's unique_violation (on one constraint, when named), as the driver throws it or Drizzle wraps it
 * (the driver's error is then a `cause`, at most a few levels down).
 */
export function violates(err: unknown, constraint?: string): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    i++
  ) {
    if (e.code === '23505' && (constraint === undefined || e.constraint === constraint)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
