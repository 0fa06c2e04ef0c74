import { z } from 'zod';
import { productIdParams } from './store';

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

/** SPEC §7 products/{id}/tree: the product, then up to three levels of children; a subcategory has none. */
const subcategoryNode = z.object({ uuid: z.string(), name: z.string(), children: z.array(z.never()) });
const categoryNode = z.object({ uuid: z.string(), name: z.string(), children: z.array(subcategoryNode) });
const subjectNode = z.object({ uuid: z.string(), name: z.string(), children: z.array(categoryNode) });
export const productTree = z.object({
  productTree: z.object({ uuid: z.string(), name: z.string(), children: z.array(subjectNode) }),
});
export type ProductTree = z.infer<typeof productTree>;
