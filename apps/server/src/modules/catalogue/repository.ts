import type { CatalogueCategory, CatalogueSubcategory, CatalogueSubject } from '@qbank/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, subcategories, subjects } from '../../db/schema';

const subjectColumns = {
  uuid: subjects.id,
  name: subjects.name,
  position: subjects.position,
  productUuid: subjects.productId,
};
const categoryColumns = {
  uuid: categories.id,
  name: categories.name,
  position: categories.position,
  subjectUuid: categories.subjectId,
};
const subcategoryColumns = {
  uuid: subcategories.id,
  name: subcategories.name,
  position: subcategories.position,
  categoryUuid: subcategories.categoryId,
};

// Siblings by position, then name; the id last so that equal ones keep one order between calls.
const subjectOrder = [asc(subjects.position), asc(subjects.name), asc(subjects.id)];
const categoryOrder = [asc(categories.position), asc(categories.name), asc(categories.id)];
const subcategoryOrder = [asc(subcategories.position), asc(subcategories.name), asc(subcategories.id)];

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
