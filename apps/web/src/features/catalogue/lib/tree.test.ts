import { emptyStatusCounts, type StatusCounts } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import {
  heldQuestions,
  locate,
  moveNode,
  parentChoices,
  removeNode,
  renameNode,
  type SubcategoryNode,
  type Tree,
} from './tree';

const counts = (c: Partial<StatusCounts>): StatusCounts => ({ ...emptyStatusCounts(), ...c });
const leaf = (uuid: string, c: Partial<StatusCounts> = {}): SubcategoryNode => ({
  uuid,
  name: uuid.toUpperCase(),
  questionCount: c.PUBLISHED ?? 0,
  statusCounts: counts(c),
  children: [],
});
/** Two subjects; the totals of categories and subjects are written by hand, as the server would send them. */
const sample = (): Tree => ({
  uuid: 'p',
  name: 'Product',
  children: [
    {
      uuid: 's1',
      name: 'S1',
      questionCount: 3,
      statusCounts: counts({ PUBLISHED: 3, DRAFT: 1 }),
      children: [
        {
          uuid: 'c1',
          name: 'C1',
          questionCount: 3,
          statusCounts: counts({ PUBLISHED: 3, DRAFT: 1 }),
          children: [leaf('x1', { PUBLISHED: 2 }), leaf('x2', { PUBLISHED: 1, DRAFT: 1 })],
        },
        { uuid: 'c2', name: 'C2', questionCount: 0, statusCounts: counts({}), children: [] },
      ],
    },
    {
      uuid: 's2',
      name: 'S2',
      questionCount: 0,
      statusCounts: counts({ DELETED: 4 }),
      children: [
        {
          uuid: 'c3',
          name: 'C3',
          questionCount: 0,
          statusCounts: counts({ DELETED: 4 }),
          children: [leaf('x3', { DELETED: 4 })],
        },
      ],
    },
  ],
});

const names = (tree: Tree) =>
  tree.children.map((s) => [s.uuid, s.children.map((c) => [c.uuid, c.children.map((x) => x.uuid)])]);

describe('locate', () => {
  it('finds a node at every level with its parent and place', () => {
    const tree = sample();
    expect(locate(tree, 's2')).toMatchObject({ level: 'subject', parentUuid: 'p', index: 1 });
    expect(locate(tree, 'c2')).toMatchObject({ level: 'category', parentUuid: 's1', index: 1 });
    expect(locate(tree, 'x2')).toMatchObject({ level: 'subcategory', parentUuid: 'c1', index: 1 });
    expect(locate(tree, 'nope')).toBeNull();
  });
});

describe('heldQuestions', () => {
  it('counts every status but Deleted, as a deletion does', () => {
    const tree = sample();
    expect(heldQuestions(tree.children[0]!)).toBe(4);
    expect(heldQuestions(tree.children[1]!)).toBe(0);
  });
  it('falls back on the published count without the staff counts', () => {
    const { statusCounts: _, ...node } = sample().children[0]!;
    expect(heldQuestions(node)).toBe(3);
  });
});

describe('renameNode', () => {
  it('renames one node and leaves the rest', () => {
    const tree = renameNode(sample(), 'x2', 'Valves');
    expect(locate(tree, 'x2')!.node.name).toBe('Valves');
    expect(locate(tree, 'x1')!.node.name).toBe('X1');
  });
});

describe('moveNode', () => {
  it('reorders among siblings, the position counted without the node (as the PATCH)', () => {
    expect(names(moveNode(sample(), 's2', 'p', 0))[0]![0]).toBe('s2');
    expect(names(moveNode(sample(), 'x1', 'c1', 1))[0]).toEqual([
      's1',
      [
        ['c1', ['x2', 'x1']],
        ['c2', []],
      ],
    ]);
    expect(names(moveNode(sample(), 'x2', 'c1', 0))[0]).toEqual([
      's1',
      [
        ['c1', ['x2', 'x1']],
        ['c2', []],
      ],
    ]);
  });

  it('moves a subcategory to another category and retotals both sides', () => {
    const tree = moveNode(sample(), 'x2', 'c3', 5);
    expect(names(tree)).toEqual([
      [
        's1',
        [
          ['c1', ['x1']],
          ['c2', []],
        ],
      ],
      ['s2', [['c3', ['x3', 'x2']]]],
    ]);
    expect(locate(tree, 'c1')!.node).toMatchObject({
      questionCount: 2,
      statusCounts: counts({ PUBLISHED: 2 }),
    });
    expect(locate(tree, 's2')!.node).toMatchObject({
      questionCount: 1,
      statusCounts: counts({ PUBLISHED: 1, DRAFT: 1, DELETED: 4 }),
    });
  });

  it('moves a category with its subcategories under another subject', () => {
    const tree = moveNode(sample(), 'c1', 's2', 0);
    expect(names(tree)).toEqual([
      ['s1', [['c2', []]]],
      [
        's2',
        [
          ['c1', ['x1', 'x2']],
          ['c3', ['x3']],
        ],
      ],
    ]);
    expect(locate(tree, 's1')!.node.questionCount).toBe(0);
    expect(locate(tree, 's2')!.node.questionCount).toBe(3);
  });

  it('leaves the tree alone for a parent of the wrong level or an unknown node', () => {
    const tree = sample();
    expect(moveNode(tree, 'x1', 's2', 0)).toBe(tree);
    expect(moveNode(tree, 'nope', 'c1', 0)).toBe(tree);
  });
});

describe('removeNode', () => {
  it('removes a node with its subtree and lowers the totals above it', () => {
    const tree = removeNode(sample(), 'x1');
    expect(locate(tree, 'x1')).toBeNull();
    expect(locate(tree, 's1')!.node.questionCount).toBe(1);
    expect(names(removeNode(sample(), 's1'))).toEqual([['s2', [['c3', ['x3']]]]]);
  });
});

describe('parentChoices', () => {
  it('offers the other subjects for a category and the other categories, by subject, for a subcategory', () => {
    const tree = sample();
    expect(parentChoices(tree, 'c2')).toEqual([{ group: 'Subjects', items: [{ value: 's2', label: 'S2' }] }]);
    expect(parentChoices(tree, 'x1')).toEqual([
      { group: 'S1', items: [{ value: 'c2', label: 'C2' }] },
      { group: 'S2', items: [{ value: 'c3', label: 'C3' }] },
    ]);
    expect(parentChoices(tree, 's1')).toEqual([]);
  });
});
