import { describe, expect, it } from 'vitest';
import { FILL_NAME, fillPath, pathKey, TreeIndex } from './tree';

const tree = () =>
  new TreeIndex({
    productId: 'p',
    subjects: [
      { id: 's1', name: 'Cardiology', parentId: 'p' },
      { id: 's2', name: 'CARDIOLOGY', parentId: 'p' }, // an old duplicate: the first one wins
    ],
    categories: [{ id: 'c1', name: 'Valves', parentId: 's1' }],
    subcategories: [{ id: 'sc1', name: 'Mitral', parentId: 'c1' }],
  });

describe('fillPath', () => {
  it('leaves no path unplaced and fills a short one down to a subcategory', () => {
    expect(fillPath([])).toEqual([]);
    expect(fillPath(['Renal'])).toEqual(['Renal', FILL_NAME, FILL_NAME]);
    expect(fillPath(['Renal', 'AKI'])).toEqual(['Renal', 'AKI', 'General']);
    expect(fillPath(['Renal', 'AKI', 'Prerenal'])).toEqual(['Renal', 'AKI', 'Prerenal']);
  });

  it('keys paths the same whatever their case', () => {
    expect(pathKey(['Renal', 'AKI'])).toBe(pathKey(['renal', 'aki']));
    expect(pathKey(['a', 'bc'])).not.toBe(pathKey(['ab', 'c']));
  });
});

describe('TreeIndex', () => {
  it('matches names case aside, as deep as the tree goes', () => {
    const t = tree();
    expect(t.existing(['cardiology', 'VALVES', 'mitral']).map((n) => n.id)).toEqual(['s1', 'c1', 'sc1']);
    expect(t.existing(['Cardiology', 'Valves', 'Aortic']).map((n) => n.id)).toEqual(['s1', 'c1']);
    expect(t.existing(['Nephrology', 'Valves'])).toEqual([]);
  });

  it("spells a path as the tree does, keeping the file's spelling for new levels", () => {
    expect(tree().spelled(['cardiology', 'valves', 'aortic'])).toEqual(['Cardiology', 'Valves', 'aortic']);
  });

  it('finds a node once it is added', () => {
    const t = tree();
    t.add({ id: 'sc2', name: 'Aortic', parentId: 'c1' });
    expect(t.child('c1', 'aortic')?.id).toBe('sc2');
  });
});
