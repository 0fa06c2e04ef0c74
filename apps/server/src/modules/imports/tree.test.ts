import { describe, expect, it } from 'vitest';
import { FILL_NAME, fillPath, NO_PLACE_YET, pathKey, TreeIndex, templatePlace, unknownPlace } from './tree';

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

describe('unknownPlace', () => {
  it('names the first level of the path the tree lacks, as the field, with the place above it', () => {
    const t = tree();
    expect(unknownPlace(t, ['cardiology', 'valves', 'MITRAL'])).toBeNull();
    expect(unknownPlace(t, [])).toBeNull();
    expect(unknownPlace(t, ['Nephrology', 'AKI', 'Prerenal'])).toEqual({
      field: 'subject',
      message: expect.stringMatching(
        /^The subject "Nephrology" does not exist in this bank\. Only the bank's admins add places to the subject tree: use one that exists, or ask an admin to add it$/,
      ),
    });
    expect(unknownPlace(t, ['cardiology', 'Arrhythmias'])).toEqual({
      field: 'category',
      message: expect.stringMatching(/^The category "Arrhythmias" does not exist under Cardiology\. /),
    });
    expect(unknownPlace(t, ['Cardiology', 'valves', 'Aortic'])?.message).toMatch(
      /^The subcategory "Aortic" does not exist under Cardiology › Valves\. /,
    );
  });

  it('says when the missing place is the "General" that stands in for a level the file left out', () => {
    expect(unknownPlace(tree(), ['Cardiology', 'Valves'])).toEqual({
      field: 'subcategory',
      message: expect.stringMatching(
        /^The file names no subcategory, and there is no subcategory "General" under Cardiology › Valves to file it in\. /,
      ),
    });
  });
});

describe('templatePlace', () => {
  const nodes = {
    productId: 'p',
    subjects: [
      { id: 's0', name: 'Audit', parentId: 'p' }, // no subcategory under it
      { id: 's1', name: 'Accounting', parentId: 'p' },
    ],
    categories: [
      { id: 'c0', name: 'Sampling', parentId: 's0' },
      { id: 'c1', name: 'Ledgers', parentId: 's1' },
      { id: 'c2', name: 'Payroll', parentId: 's1' },
    ],
    subcategories: [
      { id: 'sc1', name: 'Accruals', parentId: 'c1' },
      { id: 'sc2', name: 'Deferrals', parentId: 'c1' },
      { id: 'sc3', name: 'Taxes', parentId: 'c2' },
    ],
  };

  it("files the template's examples under the tree's first subcategory, in the tree's order", () => {
    expect(templatePlace(nodes, false)).toEqual(['Accounting', 'Ledgers', 'Accruals']);
    expect(templatePlace(nodes, true)).toEqual(['Accounting', 'Ledgers', 'Accruals']);
  });

  it('says so when the tree has no subcategory yet: created on import, or ask an admin', () => {
    const empty = { ...nodes, subcategories: [] };
    expect(templatePlace(empty, true)).toEqual([...NO_PLACE_YET.creates]);
    expect(templatePlace(empty, false)).toEqual([...NO_PLACE_YET.asks]);
    expect(templatePlace(empty, false)[0]).toContain('ask an admin');
  });
});
