import type { AvailableQuestions, ProductTree } from '@qbank/contract';

/**
 * Start Test's choice of subjects, categories and subcategories. What is chosen is always a set of
 * subcategories (the server draws from subcategories): choosing a subject or category chooses its
 * subcategories. A subcategory with nothing available for the chosen pools cannot be chosen, and a chosen one
 * that loses its questions when the pools change stays in the set but counts for nothing, so changing the
 * pools back restores the learner's choice.
 */

export type Level = 'subject' | 'category' | 'subcategory';

export interface PickerNode {
  uuid: string;
  name: string;
  level: Level;
  /** The subcategories in and under this node, in the tree's order (a subcategory: itself). */
  leaves: string[];
  children: PickerNode[];
}

/** Available questions per subcategory; a subcategory the server left out has none. */
export type Counts = ReadonlyMap<string, number>;

/** The product's tree as the picker shows it, each node knowing its subcategories. */
export function pickerTree(tree: ProductTree['productTree']): PickerNode[] {
  return tree.children.map((subject) => {
    const categories = subject.children.map((category) => {
      const subcategories = category.children.map(
        (s): PickerNode => ({
          uuid: s.uuid,
          name: s.name,
          level: 'subcategory',
          leaves: [s.uuid],
          children: [],
        }),
      );
      return {
        uuid: category.uuid,
        name: category.name,
        level: 'category' as const,
        leaves: subcategories.map((s) => s.uuid),
        children: subcategories,
      };
    });
    return {
      uuid: subject.uuid,
      name: subject.name,
      level: 'subject' as const,
      leaves: categories.flatMap((c) => c.leaves),
      children: categories,
    };
  });
}

export const countsOf = (available: AvailableQuestions | undefined): Counts =>
  new Map((available?.subcategories ?? []).map((s) => [s.uuid, s.available]));

const countOf = (counts: Counts, leaf: string) => counts.get(leaf) ?? 0;

/** The questions available in a node: its subcategories' summed. */
export const availableIn = (node: Pick<PickerNode, 'leaves'>, counts: Counts): number =>
  node.leaves.reduce((n, leaf) => n + countOf(counts, leaf), 0);

/** A node's subcategories that have questions available: the ones choosing it chooses. */
const selectableLeaves = (leaves: readonly string[], counts: Counts) =>
  leaves.filter((leaf) => countOf(counts, leaf) > 0);

/**
 * How a checkbox shows: 'disabled' with nothing available, 'checked' when every available subcategory under it
 * is chosen, 'indeterminate' when some are, else 'unchecked'.
 */
export type CheckState = 'disabled' | 'checked' | 'indeterminate' | 'unchecked';

export function checkState(
  leaves: readonly string[],
  selected: ReadonlySet<string>,
  counts: Counts,
): CheckState {
  const selectable = selectableLeaves(leaves, counts);
  if (selectable.length === 0) return 'disabled';
  const chosen = selectable.filter((leaf) => selected.has(leaf)).length;
  return chosen === selectable.length ? 'checked' : chosen > 0 ? 'indeterminate' : 'unchecked';
}

/**
 * Ticking a node: a fully chosen node is cleared (all its subcategories, also those without questions now);
 * otherwise every available subcategory under it is chosen.
 */
export function toggle(
  leaves: readonly string[],
  selected: ReadonlySet<string>,
  counts: Counts,
): Set<string> {
  const next = new Set(selected);
  if (checkState(leaves, selected, counts) === 'checked') for (const leaf of leaves) next.delete(leaf);
  else for (const leaf of selectableLeaves(leaves, counts)) next.add(leaf);
  return next;
}

/** Every subcategory of the tree. */
export const allLeaves = (nodes: readonly PickerNode[]): string[] => nodes.flatMap((n) => n.leaves);

/** What the test is built from: the chosen subcategories that have questions available, in the tree's order. */
export const chosenSubcategories = (
  nodes: readonly PickerNode[],
  selected: ReadonlySet<string>,
  counts: Counts,
): string[] => allLeaves(nodes).filter((leaf) => selected.has(leaf) && countOf(counts, leaf) > 0);

/** The questions available in the chosen subcategories. */
export const availableInChoice = (
  nodes: readonly PickerNode[],
  selected: ReadonlySet<string>,
  counts: Counts,
): number => chosenSubcategories(nodes, selected, counts).reduce((n, leaf) => n + countOf(counts, leaf), 0);

/** Where a subcategory sits in the tree: its subject, category and own name. */
export interface Place {
  subject: string;
  category: string;
  subcategory: string;
}

/** Every subcategory's place, by its uuid (the review names each question's place). */
export function placesOf(tree: ProductTree['productTree']): ReadonlyMap<string, Place> {
  const out = new Map<string, Place>();
  for (const subject of tree.children)
    for (const category of subject.children)
      for (const s of category.children)
        out.set(s.uuid, { subject: subject.name, category: category.name, subcategory: s.name });
  return out;
}
