import { describe, expect, it } from 'vitest';
import { filterOptions, placementLabel, subcategoryGroups } from './placement';

const counts = { questionCount: 0 };
const tree = {
  uuid: 'p',
  name: 'Bank',
  children: [
    {
      uuid: 's1',
      name: 'Anatomy',
      ...counts,
      children: [
        {
          uuid: 'c1',
          name: 'Heart',
          ...counts,
          children: [{ uuid: 'x1', name: 'Valves', ...counts, children: [] }],
        },
        { uuid: 'c2', name: 'Empty', ...counts, children: [] },
      ],
    },
  ],
};

describe('placement', () => {
  it('groups subcategories under subject and category, skipping empty categories', () => {
    expect(subcategoryGroups(tree)).toEqual([
      { group: 'Anatomy › Heart', items: [{ value: 'x1', label: 'Valves' }] },
    ]);
    expect(subcategoryGroups(undefined)).toEqual([]);
  });
  it('names a placement by its path', () => {
    expect(placementLabel(tree, 'x1')).toBe('Anatomy › Heart › Valves');
    expect(placementLabel(tree, 'nope')).toBeNull();
    expect(placementLabel(tree, null)).toBeNull();
  });
  it('narrows filter choices level by level', () => {
    expect(filterOptions(tree, null, null)).toEqual({
      subjects: [{ value: 's1', label: 'Anatomy' }],
      categories: [],
      subcategories: [],
    });
    expect(filterOptions(tree, 's1', 'c1').subcategories).toEqual([{ value: 'x1', label: 'Valves' }]);
  });
});
