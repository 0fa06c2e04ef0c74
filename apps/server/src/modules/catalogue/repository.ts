import type {
  CatalogueCategory,
  CatalogueSubcategory,
  CatalogueSubject,
  QuestionStatus,
} from '@qbank/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, questionCounts, questionPoolCounts, subcategories, subjects } from '../../db/schema';

export const subjectColumns = {
  uuid: subjects.id,
  name: subjects.name,
  position: subjects.position,
  productUuid: subjects.productId,
};
export const categoryColumns = {
  uuid: categories.id,
  name: categories.name,
  position: categories.position,
  subjectUuid: categories.subjectId,
};
export const subcategoryColumns = {
  uuid: subcategories.id,
  name: subcategories.name,
  position: subcategories.position,
  categoryUuid: subcategories.categoryId,
};

// Siblings by position, then name; the id last so that equal ones keep one order between calls.
export const subjectOrder = [asc(subjects.position), asc(subjects.name), asc(subjects.id)];
export const categoryOrder = [asc(categories.position), asc(categories.name), asc(categories.id)];
export const subcategoryOrder = [asc(subcategories.position), asc(subcategories.name), asc(subcategories.id)];

export async function findSubject(db: DbOrTx, id: string): Promise<CatalogueSubject | null> {
  const [row] = await db.select(subjectColumns).from(subjects).where(eq(subjects.id, id)).limit(1);
  return row ?? null;
}

/** A category with the product it belongs to (through its subject). */
export async function findCategory(
  db: DbOrTx,
  id: string,
): Promise<{ category: CatalogueCategory; productId: string } | null> {
  const [row] = await db
    .select({ category: categoryColumns, productId: subjects.productId })
    .from(categories)
    .innerJoin(subjects, eq(subjects.id, categories.subjectId))
    .where(eq(categories.id, id))
    .limit(1);
  return row ?? null;
}

export function subjectsOfProduct(db: DbOrTx, productId: string): Promise<CatalogueSubject[]> {
  return db
    .select(subjectColumns)
    .from(subjects)
    .where(eq(subjects.productId, productId))
    .orderBy(...subjectOrder);
}

export function categoriesOfSubject(db: DbOrTx, subjectId: string): Promise<CatalogueCategory[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.subjectId, subjectId))
    .orderBy(...categoryOrder);
}

export function subcategoriesOfCategory(db: DbOrTx, categoryId: string): Promise<CatalogueSubcategory[]> {
  return db
    .select(subcategoryColumns)
    .from(subcategories)
    .where(eq(subcategories.categoryId, categoryId))
    .orderBy(...subcategoryOrder);
}

/** Every category of a product's subjects, in one query, each subject's in order. */
export function categoriesOfProduct(db: DbOrTx, productId: string): Promise<CatalogueCategory[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .innerJoin(subjects, eq(subjects.id, categories.subjectId))
    .where(eq(subjects.productId, productId))
    .orderBy(...categoryOrder);
}

/** Every subcategory of a product's categories, in one query, each category's in order. */
export function subcategoriesOfProduct(db: DbOrTx, productId: string): Promise<CatalogueSubcategory[]> {
  return db
    .select(subcategoryColumns)
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .innerJoin(subjects, eq(subjects.id, categories.subjectId))
    .where(eq(subjects.productId, productId))
    .orderBy(...subcategoryOrder);
}

/** A subcategory with the product it belongs to (through its category and subject). */
export async function findSubcategory(
  db: DbOrTx,
  id: string,
): Promise<{ subcategory: CatalogueSubcategory; productId: string } | null> {
  const [row] = await db
    .select({ subcategory: subcategoryColumns, productId: subjects.productId })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .innerJoin(subjects, eq(subjects.id, categories.subjectId))
    .where(eq(subcategories.id, id))
    .limit(1);
  return row ?? null;
}

export interface PlacementCount {
  subcategoryId: string;
  status: QuestionStatus;
  count: number;
}

/**
 * How many of a product's questions each of its subcategories holds, per status: a question counts where its
 * current version places it. Read from question_counts, which every save keeps (docs/questions.md), so the
 * tree costs the same on a bank of 100 questions or 100,000. Subcategories without questions have no row.
 */
export async function questionCountsOfProduct(db: DbOrTx, productId: string): Promise<PlacementCount[]> {
  const rows = await db
    .select({
      subcategoryId: questionCounts.subcategoryId,
      status: questionCounts.status,
      count: sql<number>`sum(${questionCounts.n})::int`,
    })
    .from(questionCounts)
    .innerJoin(subcategories, eq(subcategories.id, questionCounts.subcategoryId))
    .where(eq(questionCounts.productId, productId))
    .groupBy(questionCounts.subcategoryId, questionCounts.status)
    .having(sql`sum(${questionCounts.n}) > 0`);
  return rows.map((r) => ({ subcategoryId: r.subcategoryId!, status: r.status, count: r.count }));
}

/**
 * How many questions learners get in each of a product's subcategories: those with a published version, counted
 * where that version places them (a revision in the workflow does not move them, decision 0028). Read from
 * question_pool_counts, kept by a trigger on the pool. Subcategories without any have no row.
 */
export async function publishedCountsOfProduct(db: DbOrTx, productId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ subcategoryId: questionPoolCounts.subcategoryId, n: questionPoolCounts.n })
    .from(questionPoolCounts)
    .innerJoin(subcategories, eq(subcategories.id, questionPoolCounts.subcategoryId))
    .where(eq(questionPoolCounts.productId, productId));
  return new Map(rows.filter((r) => r.n > 0).map((r) => [r.subcategoryId!, r.n]));
}
