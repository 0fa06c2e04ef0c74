import {
  catalogueCategory,
  catalogueCreateBody,
  catalogueIdParams,
  catalogueSubcategory,
  catalogueSubject,
  categoryPatchBody,
  productReference,
  productReferenceBody,
  subcategoryPatchBody,
  subjectPatchBody,
} from '../catalogue';
import { endpoint } from './endpoint';

/** The shared part of the tree's changes: one id in the path, signed in (the policy wants a product admin). */
const catalogueChange = <M extends 'POST' | 'PUT' | 'PATCH' | 'DELETE'>(
  method: M,
  path: string,
  summary: string,
) =>
  ({
    method,
    path,
    summary,
    tags: ['catalogue'],
    access: 'user',
    params: catalogueIdParams,
  }) as const;

/**
 * Editing a product's subject tree (docs/subject-tree.md): create, rename, reorder, move and delete subjects,
 * categories and subcategories. The product's admins and superusers only; the reads are in `catalogueApi`.
 */
export const catalogueAdminApi = {
  createSubject: endpoint({
    ...catalogueChange('POST', '/api/v2/products/:id/subjects', 'Add a subject, last, to a product'),
    body: catalogueCreateBody,
    response: catalogueSubject,
    status: 201,
  }),
  createCategory: endpoint({
    ...catalogueChange('POST', '/api/v2/subjects/:id/categories', 'Add a category, last, to a subject'),
    body: catalogueCreateBody,
    response: catalogueCategory,
    status: 201,
  }),
  createSubcategory: endpoint({
    ...catalogueChange(
      'POST',
      '/api/v2/categories/:id/subcategories',
      'Add a subcategory, last, to a category',
    ),
    body: catalogueCreateBody,
    response: catalogueSubcategory,
    status: 201,
  }),
  updateSubject: endpoint({
    ...catalogueChange('PATCH', '/api/v2/subjects/:id', 'Rename and/or reorder a subject'),
    body: subjectPatchBody,
    response: catalogueSubject,
  }),
  updateCategory: endpoint({
    ...catalogueChange(
      'PATCH',
      '/api/v2/categories/:id',
      'Rename, reorder and/or move a category to another subject of the same product',
    ),
    body: categoryPatchBody,
    response: catalogueCategory,
  }),
  updateSubcategory: endpoint({
    ...catalogueChange(
      'PATCH',
      '/api/v2/subcategories/:id',
      'Rename, reorder and/or move a subcategory to another category of the same product',
    ),
    body: subcategoryPatchBody,
    response: catalogueSubcategory,
  }),
  deleteSubject: endpoint({
    ...catalogueChange(
      'DELETE',
      '/api/v2/subjects/:id',
      'Delete a subject and everything under it, if it holds no questions',
    ),
    status: 204,
  }),
  deleteCategory: endpoint({
    ...catalogueChange(
      'DELETE',
      '/api/v2/categories/:id',
      'Delete a category and its subcategories, if it holds no questions',
    ),
    status: 204,
  }),
  updateReference: endpoint({
    ...catalogueChange(
      'PUT',
      '/api/v2/products/:id/reference',
      "Replace a product's reference panel (rich text, sanitised; '' removes it)",
    ),
    body: productReferenceBody,
    response: productReference,
  }),
  deleteSubcategory: endpoint({
    ...catalogueChange(
      'DELETE',
      '/api/v2/subcategories/:id',
      'Delete a subcategory, if it holds no questions',
    ),
    status: 204,
  }),
};
