import { z } from 'zod';
import { statusCounts } from './questions';
import { productIdParams } from './store';
import { textField } from './text';

/** The id of a product, subject, category or subcategory in a catalogue path (`.../:id`): a UUID. */
export const catalogueIdParams = productIdParams;

/**
 * A product's subject, a subject's category, a category's subcategory (SPEC §7 catalogue calls). SPEC does not
 * show their fields: each has its uuid, name, position among its siblings and its parent's uuid.
 */
export const catalogueSubject = z.object({
  uuid: z.string(),
  name: z.string(),
  position: z.number().int(),
  productUuid: z.string(),
});
export type CatalogueSubject = z.infer<typeof catalogueSubject>;

export const catalogueCategory = z.object({
  uuid: z.string(),
  name: z.string(),
  position: z.number().int(),
  subjectUuid: z.string(),
});
export type CatalogueCategory = z.infer<typeof catalogueCategory>;

export const catalogueSubcategory = z.object({
  uuid: z.string(),
  name: z.string(),
  position: z.number().int(),
  categoryUuid: z.string(),
});
export type CatalogueSubcategory = z.infer<typeof catalogueSubcategory>;

/** How many questions have each status: every status present, 0 when there are none (SPEC §9). */
export const questionStatusCounts = statusCounts;
export type QuestionStatusCounts = z.infer<typeof questionStatusCounts>;

/**
 * What every tree node counts, in it and below: its published questions (anyone who sees the tree), and its
 * questions by status (the product's staff only; absent for everyone else).
 */
const nodeCounts = {
  questionCount: z.number().int(),
  statusCounts: questionStatusCounts.optional(),
};

/** SPEC §7 products/{id}/tree: the product, then up to three levels of children; a subcategory has none. */
const subcategoryNode = z.object({
  uuid: z.string(),
  name: z.string(),
  ...nodeCounts,
  children: z.array(z.never()),
});
const categoryNode = z.object({
  uuid: z.string(),
  name: z.string(),
  ...nodeCounts,
  children: z.array(subcategoryNode),
});
const subjectNode = z.object({
  uuid: z.string(),
  name: z.string(),
  ...nodeCounts,
  children: z.array(categoryNode),
});
export const productTree = z.object({
  productTree: z.object({ uuid: z.string(), name: z.string(), children: z.array(subjectNode) }),
});
export type ProductTree = z.infer<typeof productTree>;

// Editing the tree (docs/subject-tree.md). Bodies are strict: a misspelt field is refused, never ignored.

/** Control characters (a line break, a tab) have no place in a one-line name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are exactly what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const CATALOGUE_NAME_MAX = 200;

/** A subject's, category's or subcategory's name: trimmed, 1-200 characters, one line. */
export const catalogueName = textField('name', `name must be text of 1-${CATALOGUE_NAME_MAX} characters`)
  .trim()
  .min(1, { error: 'name is required' })
  .max(CATALOGUE_NAME_MAX, { error: `name must be at most ${CATALOGUE_NAME_MAX} characters` })
  .refine((s) => !CONTROL_CHARACTERS.test(s), { error: 'name must be one line without control characters' });

/** POST a subject, category or subcategory: its name; it goes last among its siblings. */
export const catalogueCreateBody = z.strictObject({ name: catalogueName });
export type CatalogueCreateBody = z.infer<typeof catalogueCreateBody>;

/** The 0-based place among the siblings, counted as if the item were already taken out of them. */
const position = z
  .number({ error: 'position must be a whole number from 0' })
  .int({ error: 'position must be a whole number from 0' })
  .min(0, { error: 'position must be a whole number from 0' });

const parentUuid = (field: string) => z.uuid({ error: `${field} must be a UUID` });

const somethingToChange = (fields: string) => ({
  error: `Nothing to change: give ${fields}`,
});

/** PATCH a subject: rename and/or reorder. */
export const subjectPatchBody = z
  .strictObject({ name: catalogueName.optional(), position: position.optional() })
  .refine((b) => b.name !== undefined || b.position !== undefined, somethingToChange('name or position'));
export type SubjectPatchBody = z.infer<typeof subjectPatchBody>;

/** PATCH a category: rename, reorder, and/or move under another subject of the same product. */
export const categoryPatchBody = z
  .strictObject({
    name: catalogueName.optional(),
    position: position.optional(),
    subjectUuid: parentUuid('subjectUuid').optional(),
  })
  .refine(
    (b) => b.name !== undefined || b.position !== undefined || b.subjectUuid !== undefined,
    somethingToChange('name, position or subjectUuid'),
  );
export type CategoryPatchBody = z.infer<typeof categoryPatchBody>;

/** PATCH a subcategory: rename, reorder, and/or move under another category of the same product. */
export const subcategoryPatchBody = z
  .strictObject({
    name: catalogueName.optional(),
    position: position.optional(),
    categoryUuid: parentUuid('categoryUuid').optional(),
  })
  .refine(
    (b) => b.name !== undefined || b.position !== undefined || b.categoryUuid !== undefined,
    somethingToChange('name, position or categoryUuid'),
  );
export type SubcategoryPatchBody = z.infer<typeof subcategoryPatchBody>;

/** The most characters of a product's reference panel (HTML, as the editor writes it). */
export const REFERENCE_PANEL_MAX = 100_000;

/**
 * A product's reference panel (lab values for a medical bank, tables for an accounting one): rich text its
 * admins write and its learners open beside a question. '' when the product has none.
 */
export const productReference = z.object({ productUuid: z.string(), html: z.string() });
export type ProductReference = z.infer<typeof productReference>;

export const productReferenceBody = z.object({
  html: textField('html').max(REFERENCE_PANEL_MAX, {
    error: `html must be at most ${REFERENCE_PANEL_MAX} characters`,
  }),
});
export type ProductReferenceBody = z.input<typeof productReferenceBody>;
