import { ErrorCode, type ProductTree } from '@qbank/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../policies';
import { visibleProduct } from '../store/service';
import {
  categoriesOfProduct,
  categoriesOfSubject,
  findCategory,
  findSubject,
  subcategoriesOfCategory,
  subcategoriesOfProduct,
  subjectsOfProduct,
} from './repository';

type SubjectNode = ProductTree['productTree']['children'][number];
type CategoryNode = SubjectNode['children'][number];

/** Groups rows under their parent's id, keeping the rows' order. */
function byParent<T, N>(rows: T[], parentOf: (row: T) => string, node: (row: T) => N) {
  const groups = new Map<string, N[]>();
  for (const row of rows) {
    const key = parentOf(row);
    const group = groups.get(key);
    if (group) group.push(node(row));
    else groups.set(key, [node(row)]);
  }
  return groups;
}

/**
 * The catalogue a product's questions are filed under: subjects, their categories, their subcategories. Each
 * is seen by whoever may see its product (the store's rule); any other caller is told it does not exist.
 */
export function catalogueService(deps: Deps) {
  const { db } = deps;

  /** The product of a subject or category, if the caller may see it; otherwise the item is not found. */
  async function visibleProductOf(actor: Actor | null, productId: string, notFound: AppError) {
    try {
      return await visibleProduct(db, actor, productId);
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.NOT_FOUND) throw notFound;
      throw e;
    }
  }

  async function visibleSubject(actor: Actor | null, id: string) {
    const notFound = new AppError(ErrorCode.NOT_FOUND, 'No such subject', 'id');
    const s = await findSubject(db, id);
    if (!s) throw notFound;
    await visibleProductOf(actor, s.productUuid, notFound);
    return s;
  }

  async function visibleCategory(actor: Actor | null, id: string) {
    const notFound = new AppError(ErrorCode.NOT_FOUND, 'No such category', 'id');
    const found = await findCategory(db, id);
    if (!found) throw notFound;
    await visibleProductOf(actor, found.productId, notFound);
    return found.category;
  }

  return {
    async subjectsOfProduct(actor: Actor | null, productId: string) {
      await visibleProduct(db, actor, productId);
      return subjectsOfProduct(db, productId);
    },
    subject: visibleSubject,
    async categoriesOfSubject(actor: Actor | null, subjectId: string) {
      await visibleSubject(actor, subjectId);
      return categoriesOfSubject(db, subjectId);
    },
    category: visibleCategory,
    async subcategoriesOfCategory(actor: Actor | null, categoryId: string) {
      await visibleCategory(actor, categoryId);
      return subcategoriesOfCategory(db, categoryId);
    },
    /** The whole tree in three queries, one per level, however many items it holds. */
    async tree(actor: Actor | null, productId: string): Promise<ProductTree> {
      const product = await visibleProduct(db, actor, productId);
      const subjects = await subjectsOfProduct(db, productId);
      const categories = await categoriesOfProduct(db, productId);
      const subcategories = await subcategoriesOfProduct(db, productId);
      const subcategoriesBy = byParent(
        subcategories,
        (s) => s.categoryUuid,
        (s) => ({ uuid: s.uuid, name: s.name, children: [] }),
      );
      const categoriesBy = byParent(
        categories,
        (c) => c.subjectUuid,
        (c): CategoryNode => ({ uuid: c.uuid, name: c.name, children: subcategoriesBy.get(c.uuid) ?? [] }),
      );
      return {
        productTree: {
          uuid: product.id,
          name: product.name,
          children: subjects.map(
            (s): SubjectNode => ({ uuid: s.uuid, name: s.name, children: categoriesBy.get(s.uuid) ?? [] }),
          ),
        },
      };
    },
  };
}
