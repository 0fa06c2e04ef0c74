import { sql } from 'drizzle-orm';
import { z } from 'zod';
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

/** The normalized form of a text-search query (tsquery's output), or '' when it has no word left. */
const normalizedQuery = z.object({ q: z.string() });

/**
 * A search term's pieces (`searchTerms`: its words, and its punctuated pieces such as "x-ray", "1.5" or
 * "mg/kg") as one normalized prefix query, as text (`'murmur':* & 'diastol':*`: each lexeme quoted, a quote
 * or backslash in it doubled), or '' when nothing is left of them. Every piece becomes the lexemes
 * PostgreSQL's parser makes of it in a document (a word stemmed, "zq-77" as 'zq' and '-77', a word it drops
 * as none), each a prefix, all required: a punctuated piece is a term like any other, not ignored. Its
 * lexemes can then be rewritten, as My Questions does for its vectors whose lexemes carry a status
 * (`statusTsQuery`).
 */
export async function termTsQuery(db: DbOrTx, pieces: readonly string[]): Promise<string> {
  if (pieces.length === 0) return '';
  const r = await db.execute(sql`
    SELECT coalesce((
      SELECT string_agg('''' || replace(replace(l, '\', '\\'), '''', '''''') || ''':*', ' & ')
      FROM unnest(${sql.param(pieces)}::text[]) p, unnest(tsvector_to_array(to_tsvector('english', p))) l
    )::tsquery::text, '') AS q`);
  return normalizedQuery.parse(rowsOf(r)[0]).q;
}

/**
 * A normalized query for `question_search.search`, whose lexemes start with their question's status's first
 * two letters (PU, DR, NE, SU, DE; migration 0018): every word in one of these statuses, the same status for
 * all. The query's lexemes are quoted, with a quote inside doubled.
 */
export const statusTsQuery = (normalized: string, statuses: readonly string[]) =>
  statuses
    .map(
      (s) =>
        `(${normalized.replace(/'((?:[^']|'')*)'/g, (_, lexeme: string) => `'${s.slice(0, 2)}${lexeme}'`)})`,
    )
    .join(' | ');
