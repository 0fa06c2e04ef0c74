import type { CatalogueCategory, CatalogueSubcategory, CatalogueSubject } from '@qbank/contract';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, questions, questionVersions, subcategories, subjects } from '../../db/schema';
import {
  categoryColumns,
  categoryOrder,
  subcategoryColumns,
  subcategoryOrder,
  subjectColumns,
  subjectOrder,
} from './repository';

/** A level of the subject tree: subjects under a product, categories under a subject, subcategories under a category. */
export type TreeLevel = 'subject' | 'category' | 'subcategory';

const levels = {
  subject: { table: subjects, parent: subjects.productId, order: subjectOrder },
  category: { table: categories, parent: categories.subjectId, order: categoryOrder },
  subcategory: { table: subcategories, parent: subcategories.categoryId, order: subcategoryOrder },
} as const;

/**
 * Makes every change to one product's tree wait for the others until the transaction ends, so two admins
 * cannot both take a name or renumber the same siblings from the same stale order.
 */
export async function lockProductTree(tx: DbOrTx, productId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`catalogue:${productId}`}))`);
}

/** The ids of a parent's children at one level, in the order the reads list them. */
export async function siblingIds(tx: DbOrTx, level: TreeLevel, parentId: string): Promise<string[]> {
  const l = levels[level];
  const rows = await tx
    .select({ id: l.table.id })
    .from(l.table)
    .where(eq(l.parent, parentId))
    .orderBy(...l.order);
  return rows.map((r) => r.id);
}

/** The name of a child of the parent with the same name, case aside (other than `exceptId`), or null. */
export async function siblingNamed(
  tx: DbOrTx,
  level: TreeLevel,
  parentId: string,
  name: string,
  exceptId: string | null,
): Promise<string | null> {
  const l = levels[level];
  const [row] = await tx
    .select({ name: l.table.name })
    .from(l.table)
    .where(
      and(
        eq(l.parent, parentId),
        sql`lower(${l.table.name}) = lower(${name})`,
        exceptId ? ne(l.table.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row?.name ?? null;
}

/** Sets the positions of the ids to 0, 1, 2… in the given order, in one statement (only rows that change). */
export async function renumber(tx: DbOrTx, level: TreeLevel, ids: string[]) {
  if (ids.length === 0) return;
  const { table } = levels[level];
  await tx.execute(sql`
    UPDATE ${table} SET position = o.ord - 1
    FROM unnest(${sql.param(ids)}::uuid[]) WITH ORDINALITY AS o(id, ord)
    WHERE ${table.id} = o.id AND ${table.position} <> o.ord - 1`);
}

export async function renameNode(tx: DbOrTx, level: TreeLevel, id: string, name: string) {
  const { table } = levels[level];
  await tx.execute(sql`UPDATE ${table} SET name = ${name} WHERE ${table.id} = ${id}`);
}

/** Deletes the item; the foreign keys delete what is under it. */
export async function deleteNode(tx: DbOrTx, level: TreeLevel, id: string) {
  const { table } = levels[level];
  await tx.execute(sql`DELETE FROM ${table} WHERE ${table.id} = ${id}`);
}

export async function insertSubject(
  tx: DbOrTx,
  productId: string,
  name: string,
  position: number,
): Promise<CatalogueSubject> {
  const [row] = await tx.insert(subjects).values({ productId, name, position }).returning(subjectColumns);
  return row!;
}

export async function insertCategory(
  tx: DbOrTx,
  subjectId: string,
  name: string,
  position: number,
): Promise<CatalogueCategory> {
  const [row] = await tx.insert(categories).values({ subjectId, name, position }).returning(categoryColumns);
  return row!;
}

export async function insertSubcategory(
  tx: DbOrTx,
  categoryId: string,
  name: string,
  position: number,
): Promise<CatalogueSubcategory> {
  const [row] = await tx
    .insert(subcategories)
    .values({ categoryId, name, position })
    .returning(subcategoryColumns);
  return row!;
}

export async function moveCategory(tx: DbOrTx, id: string, subjectId: string) {
  await tx.update(categories).set({ subjectId }).where(eq(categories.id, id));
}

export async function moveSubcategory(tx: DbOrTx, id: string, categoryId: string) {
  await tx.update(subcategories).set({ categoryId }).where(eq(subcategories.id, id));
}

/** The subcategories in the item or below it (a subcategory is its own). */
function subcategoriesUnder(tx: DbOrTx, level: TreeLevel, id: string) {
  const q = tx.select({ id: subcategories.id }).from(subcategories);
  if (level === 'subcategory') return q.where(eq(subcategories.id, id));
  if (level === 'category') return q.where(eq(subcategories.categoryId, id));
  return q
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(eq(categories.subjectId, id));
}

/**
 * The questions the item holds, in it or below: those whose current version is placed there and is not
 * DELETED. The subcategories are locked first, so a question being saved into one of them at this moment
 * is either counted (its transaction ends first) or refused by its foreign key (it waits for the deletion).
 */
export async function liveQuestionsUnder(tx: DbOrTx, level: TreeLevel, id: string): Promise<number> {
  await subcategoriesUnder(tx, level, id).for('update', { of: subcategories });
  const placed: SQL = inArray(questionVersions.subcategoryId, subcategoriesUnder(tx, level, id));
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(questions)
    .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
    .where(and(placed, ne(questionVersions.status, 'DELETED')));
  return row?.count ?? 0;
}
