import type { QuestionStatus } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { column, nullable, selectRows } from '../../db/rows';
import type { StoredChoice } from '../../db/schema';
import { shownContentOf } from '../questions';

export interface ExportRow {
  id: string;
  versionId: string;
  name: string;
  stem: string;
  explanation: string;
  choices: StoredChoice[];
  correctChoiceId: string | null;
  references: string[];
  reinforcements: string[];
  freeSample: boolean;
  /** subject, category, subcategory names; empty when the question has no place. */
  path: string[];
}

export interface ExportMedia {
  versionId: string;
  hash: string;
  contentType: string;
  place: 'STEM' | 'EXPLANATION';
}

/**
 * A row of `exportRows`: the version's columns (its shown content checked by `shownContentOf`) and the names of
 * its place in the tree (none when it has no subcategory).
 */
const exportRow = {
  id: column.string,
  version_id: column.string,
  reinforcements: column.strings,
  free_sample: column.boolean,
  subject: nullable(column.string),
  category: nullable(column.string),
  subcategory: nullable(column.string),
};

/**
 * The current versions of a product's questions (one author's with `authorId`), in one status or all but
 * DELETED, in the tree's order (subject, category, subcategory by position), each placement's questions
 * oldest first, unplaced questions last: a Moodle category or QTI section per placement.
 */
export async function exportRows(
  db: DbOrTx,
  f: { productId: string; authorId?: string; status?: QuestionStatus },
): Promise<ExportRow[]> {
  const rows = await selectRows(
    db,
    exportRow,
    sql`
    SELECT q.id, v.id AS version_id, v.name, v.stem, v.explanation, v.choices, v.correct_choice_id,
      v."references", v.reinforcements, v.free_sample,
      s.name AS subject, c.name AS category, sc.name AS subcategory
    FROM questions q
    JOIN question_versions v ON v.id = q.current_version_id
    LEFT JOIN subcategories sc ON sc.id = v.subcategory_id
    LEFT JOIN categories c ON c.id = sc.category_id
    LEFT JOIN subjects s ON s.id = c.subject_id
    WHERE q.product_id = ${f.productId}
      ${f.authorId ? sql`AND q.author_id = ${f.authorId}` : sql``}
      ${f.status ? sql`AND v.status = ${f.status}` : sql`AND v.status <> 'DELETED'`}
    ORDER BY s.position NULLS LAST, s.name, s.id, c.position, c.name, c.id, sc.position, sc.name, sc.id,
      q.created_at, q.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    versionId: r.version_id,
    ...shownContentOf(r),
    reinforcements: r.reinforcements,
    freeSample: r.free_sample,
    path:
      r.subcategory && r.subject !== null && r.category !== null
        ? [r.subject, r.category, r.subcategory]
        : [],
  }));
}

/** The media of these versions, in their order. */
export async function exportMedia(db: DbOrTx, versionIds: string[]): Promise<ExportMedia[]> {
  if (versionIds.length === 0) return [];
  const rows = await selectRows(
    db,
    {
      version_id: column.string,
      hash: column.string,
      media_type: column.oneOf(['STEM', 'EXPLANATION']),
      content_type: column.string,
    },
    sql`
    SELECT m.version_id, m.hash, m.media_type, f.content_type
    FROM question_version_media m JOIN media_files f ON f.hash = m.hash
    WHERE m.version_id = ANY(${sql.param(versionIds)}::uuid[])
    ORDER BY m.version_id, m.media_type, m.position, m.media_id`,
  );
  return rows.map((r) => ({
    versionId: r.version_id,
    hash: r.hash,
    contentType: r.content_type,
    place: r.media_type,
  }));
}
