import type { ProductTree } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import {
  allLeaves,
  availableIn,
  availableInChoice,
  checkState,
  chosenSubcategories,
  countsOf,
  pickerTree,
  toggle,
} from './tree-selection';

const sub = (uuid: string) => ({ uuid, name: uuid.toUpperCase(), questionCount: 0, children: [] });
/** Subject s1 (categories c1: a, b; c2: c), subject s2 (category c3: d), subject s3 with no categories. */
const tree: ProductTree['productTree'] = {
  uuid: 'p',
  name: 'Product',
  children: [
    {
      uuid: 's1',
      name: 'S1',
      questionCount: 0,
      children: [
        { uuid: 'c1', name: 'C1', questionCount: 0, children: [sub('a'), sub('b')] },
        { uuid: 'c2', name: 'C2', questionCount: 0, children: [sub('c')] },
      ],
    },
    {
      uuid: 's2',
      name: 'S2',
      questionCount: 0,
      children: [{ uuid: 'c3', name: 'C3', questionCount: 0, children: [sub('d')] }],
    },
    { uuid: 's3', name: 'S3', questionCount: 0, children: [] },
  ],
};
const nodes = pickerTree(tree);
const [s1, s2, s3] = nodes;
const c1 = s1!.children[0]!;
// b has nothing available for the chosen pools; the server leaves it out.
const counts = countsOf({
  freeSampleOnly: false,
  total: 9,
  subcategories: [
    { uuid: 'a', available: 3 },
    { uuid: 'c', available: 4 },
    { uuid: 'd', available: 2 },
  ],
});

describe('pickerTree', () => {
  it('gives every node its subcategories in the tree order', () => {
    expect(s1!.leaves).toEqual(['a', 'b', 'c']);
    expect(c1.leaves).toEqual(['a', 'b']);
    expect(c1.children.map((n) => [n.uuid, n.level, n.leaves])).toEqual([
      ['a', 'subcategory', ['a']],
      ['b', 'subcategory', ['b']],
    ]);
    expect(s3!.leaves).toEqual([]);
    expect(allLeaves(nodes)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('availableIn', () => {
  it('sums the subcategories upward', () => {
    expect(availableIn(s1!, counts)).toBe(7);
    expect(availableIn(c1, counts)).toBe(3);
    expect(availableIn(s2!, counts)).toBe(2);
    expect(availableIn(s3!, counts)).toBe(0);
  });
});

describe('checkState and toggle', () => {
  it('disables a node with nothing available', () => {
    expect(checkState(['b'], new Set(), counts)).toBe('disabled');
    expect(checkState(s3!.leaves, new Set(), counts)).toBe('disabled');
  });

  it('choosing a subject chooses its available subcategories, and the subject then reads checked', () => {
    const chosen = toggle(s1!.leaves, new Set(), counts);
    expect([...chosen].sort()).toEqual(['a', 'c']);
    expect(checkState(s1!.leaves, chosen, counts)).toBe('checked');
    // b has nothing, so the category is whole with a alone.
    expect(checkState(c1.leaves, chosen, counts)).toBe('checked');
    expect(checkState(s2!.leaves, chosen, counts)).toBe('unchecked');
  });

  it('a partly chosen node is indeterminate, and ticking it completes it', () => {
    const chosen = new Set(['a']);
    expect(checkState(s1!.leaves, chosen, counts)).toBe('indeterminate');
    expect([...toggle(s1!.leaves, chosen, counts)].sort()).toEqual(['a', 'c']);
  });

  it('ticking a chosen node clears all its subcategories', () => {
    const chosen = new Set(['a', 'b', 'c', 'd']);
    expect([...toggle(s1!.leaves, chosen, counts)]).toEqual(['d']);
  });
});

describe('the choice', () => {
  it('counts only chosen subcategories that have questions, in the tree order', () => {
    // b was chosen under other pools and has nothing now: it is kept but ignored.
    const chosen = new Set(['d', 'b', 'a']);
    expect(chosenSubcategories(nodes, chosen, counts)).toEqual(['a', 'd']);
    expect(availableInChoice(nodes, chosen, counts)).toBe(5);
    expect(availableInChoice(nodes, new Set(), counts)).toBe(0);
  });

  it('select all is ticking every subject at once', () => {
    const all = toggle(allLeaves(nodes), new Set(), counts);
    expect(availableInChoice(nodes, all, counts)).toBe(9);
    expect(checkState(allLeaves(nodes), all, counts)).toBe('checked');
    expect(toggle(allLeaves(nodes), all, counts).size).toBe(0);
  });
});
