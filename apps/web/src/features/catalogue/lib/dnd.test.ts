import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { dropResult, intoId } from './dnd';

const node = (id: string, parentUuid: string, index: number, level = 'category') => ({
  id,
  data: {
    current: { kind: 'node', level, parentUuid, sortable: { index, containerId: `list-${parentUuid}` } },
  },
});
const into = (uuid: string, level = 'subject') => ({
  id: intoId(uuid),
  data: { current: { kind: 'into', level, uuid } },
});
const drop = (active: ReturnType<typeof node>, over: ReturnType<typeof node | typeof into> | null) =>
  dropResult(active as unknown as Active, over as unknown as Over | null);

describe('dropResult', () => {
  it('reorders among siblings at the index dropped on (as arrayMove, and as the PATCH counts)', () => {
    expect(drop(node('c1', 's1', 0), node('c3', 's1', 2))).toEqual({ kind: 'reorder', position: 2 });
    expect(drop(node('c3', 's1', 2), node('c1', 's1', 0))).toEqual({ kind: 'reorder', position: 0 });
  });

  it('moves before the node dropped on under another parent', () => {
    expect(drop(node('c1', 's1', 0), node('c9', 's2', 1))).toEqual({
      kind: 'move',
      parentUuid: 's2',
      position: 1,
    });
  });

  it("moves last into a parent dropped on by its row; its own parent's row changes nothing", () => {
    expect(drop(node('c1', 's1', 0), into('s2'))).toEqual({ kind: 'move', parentUuid: 's2' });
    expect(drop(node('c1', 's1', 0), into('s1'))).toBeNull();
  });

  it('asks for nothing when dropped on itself or nowhere', () => {
    expect(drop(node('c1', 's1', 0), node('c1', 's1', 0))).toBeNull();
    expect(drop(node('c1', 's1', 0), null)).toBeNull();
  });
});
