import { ErrorCode, type ProductTree, QUESTION_STATUSES, type QuestionStatusCounts } from '@qbank/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { type Actor, can } from '../../policies';
import { visibleProduct } from '../store';
import {
  categoriesOfProduct,
  categoriesOfSubject,
  findCategory,
  findSubject,
  type PlacementCount,
  publishedCountsOfProduct,
  questionCountsOfProduct,
  subcategoriesOfCategory,
  subcategoriesOfProduct,
  subjectsOfProduct,
} from './repository';

type SubjectNode = ProductTree['productTree']['children'][number];
type CategoryNode = SubjectNode['children'][number];
type SubcategoryNode = CategoryNode['children'][number];

const noQuestions = (): QuestionStatusCounts => ({
  PUBLISHED: 0,
  DRAFT: 0,
  NEEDS_REVISION: 0,
  SUBMITTED: 0,
  DELETED: 0,
});

/**
 * A node's counts: its questions by their current status (the staff's), and how many learners get (`published`:
 * those with a published version, a revision in the workflow included, decision 0028).
 */
interface NodeCounts {
  byStatus: QuestionStatusCounts;
  published: number;
}

/** The counts of a node's children, added up (a node's own questions are all in its subcategories). */
function sum(children: Array<{ counts: NodeCounts }>): NodeCounts {
  const total = noQuestions();
  let published = 0;
  for (const child of children) {
    for (const s of QUESTION_STATUSES) total[s] += child.counts.byStatus[s];
    published += child.counts.published;
  }
  return { byStatus: total, published };
}

/** Each subcategory's questions by status, from the grouped rows. */
function countsBySubcategory(rows: PlacementCount[]): Map<string, QuestionStatusCounts> {
  const by = new Map<string, QuestionStatusCounts>();
  for (const row of rows) {
    const counts = by.get(row.subcategoryId) ?? noQuestions();
    counts[row.status] += row.count;
    by.set(row.subcategoryId, counts);
  }
  return by;
}

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
    /**
     * The whole tree in five queries, one per level and two for the question counts, however many items it
     * holds. Every node counts its published questions; the product's staff also see them by status.
     */
    async tree(actor: Actor | null, productId: string): Promise<ProductTree> {
      const product = await visibleProduct(db, actor, productId);
      const staff = await can(actor, 'catalogue.statusCounts', { productId });
      const subjects = await subjectsOfProduct(db, productId);
      const categories = await categoriesOfProduct(db, productId);
      const subcategories = await subcategoriesOfProduct(db, productId);
      const placed = countsBySubcategory(await questionCountsOfProduct(db, productId));
      const published = await publishedCountsOfProduct(db, productId);

      /** A node with its counts; the counts stay beside it until the answer is made. */
      const counted = <C>(item: { uuid: string; name: string }, counts: NodeCounts, children: C[]) => ({
        counts,
        node: {
          uuid: item.uuid,
          name: item.name,
          questionCount: counts.published,
          ...(staff ? { statusCounts: counts.byStatus } : {}),
          children,
        },
      });
      const subcategoriesBy = byParent(
        subcategories,
        (s) => s.categoryUuid,
        (s) =>
          counted<never>(
            s,
            { byStatus: placed.get(s.uuid) ?? noQuestions(), published: published.get(s.uuid) ?? 0 },
            [],
          ),
      );
      const categoriesBy = byParent(
        categories,
        (c) => c.subjectUuid,
        (c) => {
          const children = subcategoriesBy.get(c.uuid) ?? [];
          return counted<SubcategoryNode>(
            c,
            sum(children),
            children.map((x) => x.node),
          );
        },
      );
      return {
        productTree: {
          uuid: product.id,
          name: product.name,
          children: subjects.map((s): SubjectNode => {
            const children = categoriesBy.get(s.uuid) ?? [];
            return counted<CategoryNode>(
              s,
              sum(children),
              children.map((x) => x.node),
            ).node;
          }),
        },
      };
    },
  };
}
