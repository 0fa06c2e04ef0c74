import type { ProductTree } from '@qbank/contract';

type Tree = ProductTree['productTree'];
export interface Option {
  value: string;
  label: string;
}
export interface OptionGroup {
  group: string;
  items: Option[];
}

/** The placement choices: every subcategory, grouped under "Subject › Category". */
export function subcategoryGroups(tree: Tree | undefined): OptionGroup[] {
  if (!tree) return [];
  return tree.children.flatMap((subject) =>
    subject.children
      .filter((category) => category.children.length > 0)
      .map((category) => ({
        group: `${subject.name} › ${category.name}`,
        items: category.children.map((s) => ({ value: s.uuid, label: s.name })),
      })),
  );
}

/** Where a subcategory sits, as "Subject › Category › Subcategory"; null when it is not in the tree. */
export function placementLabel(tree: Tree | undefined, subcategoryUuid: string | null): string | null {
  if (!tree || !subcategoryUuid) return null;
  for (const subject of tree.children)
    for (const category of subject.children)
      for (const sub of category.children)
        if (sub.uuid === subcategoryUuid) return `${subject.name} › ${category.name} › ${sub.name}`;
  return null;
}

/** The filter choices at each level, each narrowed by the level above it. */
export function filterOptions(
  tree: Tree | undefined,
  subjectUuid: string | null,
  categoryUuid: string | null,
) {
  const subjects = tree?.children ?? [];
  const subject = subjects.find((s) => s.uuid === subjectUuid);
  const categories = subject ? subject.children : [];
  const category = categories.find((c) => c.uuid === categoryUuid);
  const toOption = (n: { uuid: string; name: string }): Option => ({ value: n.uuid, label: n.name });
  return {
    subjects: subjects.map(toOption),
    categories: categories.map(toOption),
    subcategories: (category?.children ?? []).map(toOption),
  };
}
