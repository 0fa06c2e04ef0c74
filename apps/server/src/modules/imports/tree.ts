/**
 * A product's subject tree as the importer matches a file's subject › category › subcategory names against
 * it: by name, case aside (siblings' names are unique that way, docs/subject-tree.md). Pure: the repository
 * loads the nodes, the import job creates the missing ones.
 */

/** The level a question file leaves out is filled with this name: the product files questions in subcategories. */
export const FILL_NAME = 'General';

export interface TreeNode {
  id: string;
  name: string;
  /** The product for a subject, the subject for a category, the category for a subcategory. */
  parentId: string;
}

export interface TreeNodes {
  productId: string;
  subjects: TreeNode[];
  categories: TreeNode[];
  subcategories: TreeNode[];
}

/**
 * Where a question goes: no path stays unplaced; a path that stops at a subject or a category goes to a
 * subcategory named "General" under it ("Nephrology › Glomerular disease" → "… › General"), so the question
 * still sits under the names its file gave it.
 */
export function fillPath(path: string[]): string[] {
  if (path.length === 0) return [];
  const filled = path.slice(0, 3);
  while (filled.length < 3) filled.push(FILL_NAME);
  return filled;
}

/** A path as a map key: the same for names that differ only in case. */
export const pathKey = (path: string[]) => path.map((n) => n.toLowerCase()).join('\u0000');

const childKey = (parentId: string, name: string) => `${parentId}\u0000${name.toLowerCase()}`;

/** The tree's nodes by parent and name, case aside; the first of equal siblings (in the given order) wins. */
export class TreeIndex {
  private readonly byParent = new Map<string, TreeNode>();

  constructor(readonly nodes: TreeNodes) {
    for (const list of [nodes.subjects, nodes.categories, nodes.subcategories])
      for (const n of list) this.add(n);
  }

  add(node: TreeNode): void {
    const key = childKey(node.parentId, node.name);
    if (!this.byParent.has(key)) this.byParent.set(key, node);
  }

  child(parentId: string, name: string): TreeNode | undefined {
    return this.byParent.get(childKey(parentId, name));
  }

  /**
   * The nodes of the path that exist, from the top, as far down as they go: one for each level the tree
   * already has (an empty list when even the subject is new).
   */
  existing(path: string[]): TreeNode[] {
    const found: TreeNode[] = [];
    let parentId = this.nodes.productId;
    for (const name of path) {
      const node = this.child(parentId, name);
      if (!node) break;
      found.push(node);
      parentId = node.id;
    }
    return found;
  }

  /** The path with the tree's own spelling of every level it already has. */
  spelled(path: string[]): string[] {
    const found = this.existing(path);
    return path.map((name, i) => found[i]?.name ?? name);
  }
}

const levelNames = ['subject', 'category', 'subcategory'] as const;

/** A place a question's path names that the tree does not have: its level (the field) and why. */
export interface UnknownPlace {
  field: (typeof levelNames)[number];
  message: string;
}

/**
 * The first level of a question's (filled) path that the tree does not have, for an importer who may not
 * add places to the tree (only those who may edit it do, imports too): the question is not imported, and the
 * preview says which place is missing and what to do. Null when the path exists, or names no place at all.
 */
export function unknownPlace(tree: TreeIndex, path: string[]): UnknownPlace | null {
  const filled = fillPath(path);
  const found = tree.existing(filled);
  if (found.length === filled.length) return null;
  const depth = found.length;
  const field = levelNames[depth]!;
  const name = filled[depth]!;
  const under = depth === 0 ? 'in this bank' : `under ${found.map((n) => n.name).join(' › ')}`;
  // "General" stands in for a level the file left empty: say so, or the name would puzzle its author.
  const what =
    depth >= path.length
      ? `The file names no ${field}, and there is no ${field} "${name}" ${under} to file it in`
      : `The ${field} "${name}" does not exist ${under}`;
  return {
    field,
    message: `${what}. Only the bank's admins add places to the subject tree: use one that exists, or ask an admin to add it`,
  };
}

/** Where the template files its examples when the tree has no subcategory yet, by who downloads it. */
export const NO_PLACE_YET = {
  /** An admin's import creates the places a file names. */
  creates: [
    'Subject (your bank has no places yet: the import creates the ones you name)',
    'Category (created on import)',
    'Subcategory (created on import)',
  ],
  /** A writer's must name places that exist. */
  asks: [
    'Subject (your bank has no places yet: ask an admin to add one)',
    'Category (ask an admin)',
    'Subcategory (ask an admin)',
  ],
} as const satisfies Record<string, [string, string, string]>;

/**
 * The place the import template files its examples under: the tree's first subcategory, in the tree's order
 * (the first subject that has one, its first category that has one), so the examples fit the bank. A tree
 * with no subcategory yet gets names saying so: the import creates them for those who may add places, and
 * tells the others to ask an admin.
 */
export function templatePlace(nodes: TreeNodes, mayAddPlaces: boolean): [string, string, string] {
  for (const subject of nodes.subjects.filter((s) => s.parentId === nodes.productId))
    for (const category of nodes.categories.filter((c) => c.parentId === subject.id)) {
      const subcategory = nodes.subcategories.find((s) => s.parentId === category.id);
      if (subcategory) return [subject.name, category.name, subcategory.name];
    }
  return [...(mayAddPlaces ? NO_PLACE_YET.creates : NO_PLACE_YET.asks)];
}
