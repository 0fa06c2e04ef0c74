import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowsOf } from './client';

/** A prefix text-search query that needs every word ("card phys" finds "Cardiology for Physicians"). */
export const prefixTsQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

/**
 * The query, or '' when PostgreSQL's text search would ignore all of it: words it drops ("the", "of") leave no
 * query, which would match nothing, so a term made only of them is treated as no term.
 */
export async function usefulTsQuery(db: DbOrTx, query: string): Promise<string> {
  if (!query) return '';
  const r = await db.execute(sql`SELECT numnode(to_tsquery('english', ${query}))::int AS n`);
  return rowsOf(r)[0]?.n === 0 ? '' : query;
}
