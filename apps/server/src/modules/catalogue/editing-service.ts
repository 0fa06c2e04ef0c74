import {
  type CatalogueCategory,
  type CatalogueSubcategory,
  type CatalogueSubject,
  ErrorCode,
} from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { type Actor, authorize } from '../../policies';
import { visibleProduct } from '../store';
import {
  deleteNode,
  insertCategory,
  insertSubcategory,
  insertSubject,
  liveQuestionsUnder,
  lockProductTree,
  moveCategory,
  moveSubcategory,
  renameNode,
  renumber,
  siblingIds,
  siblingNamed,
  type TreeLevel,
} from './editing-repository';
import { findCategory, findSubcategory, findSubject } from './repository';

/** An item of the tree as the rules need it: the item itself, its product and its parent (product, subject or category). */
interface Located<Item> {
  item: Item;
  name: string;
  productId: string;
  parentId: string;
}

/** What differs between the three levels; the rules below are the same for all. */
interface Level<Item> {
  level: TreeLevel;
  noun: string;
  /** What the level's items are filed under: 'product', 'subject', 'category'. */
  parentNoun: string;
  /** The level of the parent; null when the parent is the product. */
  parent: Level<unknown> | null;
  find(db: DbOrTx, id: string): Promise<Located<Item> | null>;
  insert(tx: DbOrTx, parentId: string, name: string, position: number): Promise<Item>;
  /** Moving an item to another parent: the body field naming it, and the write; null when it cannot move. */
  mover: { field: string; move(tx: DbOrTx, id: string, parentId: string): Promise<void> } | null;
}

const subjectLevel: Level<CatalogueSubject> = {
  level: 'subject',
  noun: 'subject',
  parentNoun: 'product',
  parent: null,
  async find(db, id) {
    const s = await findSubject(db, id);
    return s && { item: s, name: s.name, productId: s.productUuid, parentId: s.productUuid };
  },
  insert: insertSubject,
  mover: null,
};

const categoryLevel: Level<CatalogueCategory> = {
  level: 'category',
  noun: 'category',
  parentNoun: 'subject',
  parent: subjectLevel,
  async find(db, id) {
    const c = await findCategory(db, id);
    return (
      c && {
        item: c.category,
        name: c.category.name,
        productId: c.productId,
        parentId: c.category.subjectUuid,
      }
    );
  },
  insert: insertCategory,
  mover: { field: 'subjectUuid', move: moveCategory },
};

const subcategoryLevel: Level<CatalogueSubcategory> = {
  level: 'subcategory',
  noun: 'subcategory',
  parentNoun: 'category',
  parent: categoryLevel,
  async find(db, id) {
    const s = await findSubcategory(db, id);
    return (
      s && {
        item: s.subcategory,
        name: s.subcategory.name,
        productId: s.productId,
        parentId: s.subcategory.categoryUuid,
      }
    );
  },
  insert: insertSubcategory,
  mover: { field: 'categoryUuid', move: moveSubcategory },
};

/** A change to an item: any of a new name, a new place among its siblings, a new parent. */
export interface TreePatch {
  name?: string;
  position?: number;
  parentId?: string;
}

const notFound = (noun: string) => new AppError(ErrorCode.NOT_FOUND, `No such ${noun}`, 'id');

/**
 * Editing a product's subject tree (docs/subject-tree.md), by its admins and superusers only. Each change is
 * one transaction holding the product's tree lock; every check runs before anything is written, so a refused
 * change changes nothing. After each change the siblings it touched are numbered 0..n-1 in their order.
 */
export function catalogueEditingService(deps: Deps) {
  const { db } = deps;

  /**
   * The item, if the caller may change it: one who cannot see its product is told it does not exist (404),
   * one who sees it but does not run the product is refused (403).
   */
  async function locate<Item>(actor: Actor, L: Level<Item>, id: string): Promise<Located<Item>> {
    const found = await L.find(db, id);
    if (!found) throw notFound(L.noun);
    await manageable(actor, found.productId, notFound(L.noun));
    return found;
  }

  /** The product, if the caller may change its tree (404 with `hidden` if they cannot see it, else 403). */
  async function manageable(actor: Actor, productId: string, hidden: AppError): Promise<string> {
    try {
      await visibleProduct(db, actor, productId);
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.NOT_FOUND) throw hidden;
      throw e;
    }
    await authorize(actor, 'catalogue.manage', { productId });
    return productId;
  }

  /** Refuses a name a sibling already has, case aside. */
  async function requireFreeName<Item>(
    tx: DbOrTx,
    L: Level<Item>,
    parentId: string,
    name: string,
    id: string | null,
  ) {
    const taken = await siblingNamed(tx, L.level, parentId, name, id);
    if (taken !== null)
      throw new AppError(
        ErrorCode.CONFLICT,
        `name must be unique among its siblings: this ${L.parentNoun} already has a ${L.noun} named ${taken}`,
        'name',
      );
  }

  async function create<Item>(actor: Actor, L: Level<Item>, parentId: string, name: string): Promise<Item> {
    const productId = L.parent
      ? (await locate(actor, L.parent, parentId)).productId
      : await manageable(actor, parentId, notFound('product'));
    return db.transaction(async (tx) => {
      await lockProductTree(tx, productId);
      if (L.parent && !(await L.parent.find(tx, parentId))) throw notFound(L.parent.noun);
      await requireFreeName(tx, L, parentId, name, null);
      const siblings = await siblingIds(tx, L.level, parentId);
      const item = await L.insert(tx, parentId, name, siblings.length);
      await renumber(tx, L.level, siblings);
      return item;
    });
  }

  async function update<Item>(actor: Actor, L: Level<Item>, id: string, patch: TreePatch): Promise<Item> {
    const { productId } = await locate(actor, L, id);
    return db.transaction(async (tx) => {
      await lockProductTree(tx, productId);
      const node = await L.find(tx, id);
      if (!node) throw notFound(L.noun);
      const from = node.parentId;
      const to = patch.parentId ?? from;
      const moving = to !== from;
      if (moving) {
        // Another product's subject or category, or none at all: the same answer, so nothing leaks.
        const field = L.mover?.field ?? 'parent';
        const parent = await L.parent?.find(tx, to);
        if (!parent || parent.productId !== node.productId)
          throw new AppError(
            ErrorCode.VALIDATION,
            `${field} must be a ${L.parentNoun} of the same product`,
            field,
          );
      }
      const order = await siblingIds(tx, L.level, to);
      const others = order.filter((x) => x !== id);
      if (patch.position !== undefined && patch.position > others.length)
        throw new AppError(
          ErrorCode.VALIDATION,
          others.length === 0
            ? `position must be 0: the ${L.noun} has no siblings there`
            : `position must be from 0 to ${others.length}: the ${L.noun} has ${others.length} sibling${others.length === 1 ? '' : 's'} there`,
          'position',
        );
      const name = patch.name ?? node.name;
      if (patch.name !== undefined || moving) await requireFreeName(tx, L, to, name, id);

      if (name !== node.name) await renameNode(tx, L.level, id, name);
      if (moving) await L.mover?.move(tx, id, to);
      const at = patch.position ?? (moving ? others.length : order.indexOf(id));
      others.splice(at, 0, id);
      await renumber(tx, L.level, others);
      if (moving) await renumber(tx, L.level, await siblingIds(tx, L.level, from));
      const changed = await L.find(tx, id);
      if (!changed) throw notFound(L.noun);
      return changed.item;
    });
  }

  async function remove<Item>(actor: Actor, L: Level<Item>, id: string): Promise<void> {
    const { productId } = await locate(actor, L, id);
    await db.transaction(async (tx) => {
      await lockProductTree(tx, productId);
      const node = await L.find(tx, id);
      if (!node) throw notFound(L.noun);
      const held = await liveQuestionsUnder(tx, L.level, id);
      if (held > 0)
        throw new AppError(
          ErrorCode.CONFLICT,
          `${node.name} still holds ${held} question${held === 1 ? '' : 's'}; move or delete them first`,
          'id',
        );
      await deleteNode(tx, L.level, id);
      await renumber(tx, L.level, await siblingIds(tx, L.level, node.parentId));
    });
  }

  return {
    createSubject: (actor: Actor, productId: string, name: string) =>
      create(actor, subjectLevel, productId, name),
    createCategory: (actor: Actor, subjectId: string, name: string) =>
      create(actor, categoryLevel, subjectId, name),
    createSubcategory: (actor: Actor, categoryId: string, name: string) =>
      create(actor, subcategoryLevel, categoryId, name),
    updateSubject: (actor: Actor, id: string, body: { name?: string; position?: number }) =>
      update(actor, subjectLevel, id, body),
    updateCategory: (
      actor: Actor,
      id: string,
      body: { name?: string; position?: number; subjectUuid?: string },
    ) =>
      update(actor, categoryLevel, id, {
        name: body.name,
        position: body.position,
        parentId: body.subjectUuid,
      }),
    updateSubcategory: (
      actor: Actor,
      id: string,
      body: { name?: string; position?: number; categoryUuid?: string },
    ) =>
      update(actor, subcategoryLevel, id, {
        name: body.name,
        position: body.position,
        parentId: body.categoryUuid,
      }),
    deleteSubject: (actor: Actor, id: string) => remove(actor, subjectLevel, id),
    deleteCategory: (actor: Actor, id: string) => remove(actor, categoryLevel, id),
    deleteSubcategory: (actor: Actor, id: string) => remove(actor, subcategoryLevel, id),
  };
}
