import { type ProductTree, QUESTION_STATUSES, type StatusCounts } from '@qbank/contract';

/** A product's tree as `GET /api/v2/products/:id/tree` answers it: the product, then three levels. */
export type Tree = ProductTree['productTree'];
export type SubjectNode = Tree['children'][number];
export type CategoryNode = SubjectNode['children'][number];
export type SubcategoryNode = CategoryNode['children'][number];
export type TreeNode = SubjectNode | CategoryNode | SubcategoryNode;

export const TREE_LEVELS = ['subject', 'category', 'subcategory'] as const;
export type TreeLevel = (typeof TREE_LEVELS)[number];

/** The level a node's children have; a subcategory has none. */
export const CHILD_LEVEL: Record<TreeLevel, TreeLevel | null> = {
  subject: 'category',
  category: 'subcategory',
  subcategory: null,
};
/** The level of a node's parent; a subject's parent is the product. */
export const PARENT_LEVEL: Record<TreeLevel, TreeLevel | null> = {
  subject: null,
  category: 'subject',
  subcategory: 'category',
};

/** The product's words for each level, for labels and messages. */
export const NOUNS: Record<TreeLevel, { one: string; many: string; title: string }> = {
  subject: { one: 'subject', many: 'subjects', title: 'Subject' },
  category: { one: 'category', many: 'categories', title: 'Category' },
  subcategory: { one: 'subcategory', many: 'subcategories', title: 'Subcategory' },
};

/** "categories" → "Categories", for a label that starts with a level's name. */
export const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Where a node sits: its level, its parent (the product for a subject) and its place among its siblings. */
export interface Placement {
  level: TreeLevel;
  node: TreeNode;
  parentUuid: string;
  index: number;
  siblings: readonly TreeNode[];
}

/** Finds a node anywhere in the tree; null when it is not there (deleted meanwhile). */
export function locate(tree: Tree, uuid: string): Placement | null {
  const at = (level: TreeLevel, parentUuid: string, siblings: readonly TreeNode[]) => {
    const index = siblings.findIndex((n) => n.uuid === uuid);
    return index < 0 ? null : { level, node: siblings[index]!, parentUuid, index, siblings };
  };
  const asSubject = at('subject', tree.uuid, tree.children);
  if (asSubject) return asSubject;
  for (const subject of tree.children) {
    const asCategory = at('category', subject.uuid, subject.children);
    if (asCategory) return asCategory;
    for (const category of subject.children) {
      const asSubcategory = at('subcategory', category.uuid, category.children);
      if (asSubcategory) return asSubcategory;
    }
  }
  return null;
}

/** The nodes that hold the children of `parentUuid` at `level` (the product for subjects). */
export function childrenOf(tree: Tree, level: TreeLevel, parentUuid: string): readonly TreeNode[] | null {
  if (level === 'subject') return parentUuid === tree.uuid ? tree.children : null;
  const parent = locate(tree, parentUuid);
  return parent && parent.level === PARENT_LEVEL[level] ? (parent.node.children as TreeNode[]) : null;
}

/**
 * The questions a node holds, as a deletion counts them: every status but Deleted, when the tree carries the
 * staff's counts; else the published ones, all that the tree tells.
 */
export function heldQuestions(node: TreeNode): number {
  const counts = node.statusCounts;
  if (!counts) return node.questionCount;
  return QUESTION_STATUSES.filter((s) => s !== 'DELETED').reduce((n, s) => n + counts[s], 0);
}

const addCounts = (a: StatusCounts | undefined, b: StatusCounts | undefined): StatusCounts | undefined => {
  if (!a || !b) return a ?? b;
  return Object.fromEntries(QUESTION_STATUSES.map((s) => [s, a[s] + b[s]])) as StatusCounts;
};
const zeroCounts = (like: StatusCounts | undefined): StatusCounts | undefined =>
  like && (Object.fromEntries(QUESTION_STATUSES.map((s) => [s, 0])) as StatusCounts);

/** A category's or subject's counts are its children's, added up (as the server makes them). */
function withTotals<N extends CategoryNode | SubjectNode>(node: N, sample: StatusCounts | undefined): N {
  let questionCount = 0;
  let statusCounts = zeroCounts(sample);
  for (const child of node.children) {
    questionCount += child.questionCount;
    statusCounts = statusCounts && addCounts(statusCounts, child.statusCounts);
  }
  return statusCounts ? { ...node, questionCount, statusCounts } : { ...node, questionCount };
}

/** Rebuilds every category's and subject's counts from the subcategories below, after a move or deletion. */
function retotal(tree: Tree): Tree {
  const sample = tree.children[0]?.statusCounts;
  return {
    ...tree,
    children: tree.children.map((subject) =>
      withTotals(
        { ...subject, children: subject.children.map((category) => withTotals(category, sample)) },
        sample,
      ),
    ),
  };
}

/** The tree with `change` applied to every list of children (the product's subjects, each subject's, each category's). */
function mapLists(
  tree: Tree,
  change: (level: TreeLevel, parentUuid: string, children: TreeNode[]) => TreeNode[],
): Tree {
  return {
    ...tree,
    children: (change('subject', tree.uuid, tree.children) as SubjectNode[]).map((subject) => ({
      ...subject,
      children: (change('category', subject.uuid, subject.children) as CategoryNode[]).map((category) => ({
        ...category,
        children: change('subcategory', category.uuid, category.children) as SubcategoryNode[],
      })),
    })),
  };
}

/** The tree with one node renamed. */
export function renameNode(tree: Tree, uuid: string, name: string): Tree {
  return mapLists(tree, (_level, _parent, children) =>
    children.some((n) => n.uuid === uuid)
      ? children.map((n) => (n.uuid === uuid ? { ...n, name } : n))
      : children,
  );
}

/** The tree without one node and everything under it, its parents' counts lowered. */
export function removeNode(tree: Tree, uuid: string): Tree {
  return retotal(mapLists(tree, (_level, _parent, children) => children.filter((n) => n.uuid !== uuid)));
}

/**
 * The tree with one node (and its subtree) placed at `position` among the children of `toParentUuid`, as the
 * PATCH does: the position is counted among the siblings without the node, and is clamped to them. A parent of
 * the wrong level, or an unknown node, leaves the tree as it is.
 */
export function moveNode(tree: Tree, uuid: string, toParentUuid: string, position: number): Tree {
  const from = locate(tree, uuid);
  if (!from || !childrenOf(tree, from.level, toParentUuid)) return tree;
  const moved = from.node;
  return retotal(
    mapLists(tree, (level, parentUuid, children) => {
      if (level !== from.level) return children;
      const others = children.filter((n) => n.uuid !== uuid);
      if (parentUuid !== toParentUuid) return others.length === children.length ? children : others;
      const at = Math.max(0, Math.min(position, others.length));
      return [...others.slice(0, at), moved, ...others.slice(at)];
    }),
  );
}

export interface ParentChoice {
  value: string;
  label: string;
}
export interface ParentChoiceGroup {
  group: string;
  items: ParentChoice[];
}

/**
 * Where "Move to…" can take a node: another subject for a category, another category (grouped by subject) for
 * a subcategory; nothing for a subject, which stays in its product.
 */
export function parentChoices(tree: Tree, uuid: string): ParentChoiceGroup[] {
  const here = locate(tree, uuid);
  if (!here || here.level === 'subject') return [];
  const option = (n: TreeNode) => ({ value: n.uuid, label: n.name });
  if (here.level === 'category') {
    const items = tree.children.filter((s) => s.uuid !== here.parentUuid).map(option);
    return items.length ? [{ group: 'Subjects', items }] : [];
  }
  return tree.children
    .map((subject) => ({
      group: subject.name,
      items: subject.children.filter((c) => c.uuid !== here.parentUuid).map(option),
    }))
    .filter((g) => g.items.length > 0);
}

/** "2 of 5": a node's place among its siblings, for what a screen reader is told after a move. */
export const placeText = (index: number, count: number) => `${index + 1} of ${count}`;
