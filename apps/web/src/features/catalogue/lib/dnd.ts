import {
  type Active,
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type KeyboardCoordinateGetter,
  type Modifier,
  type Over,
  pointerWithin,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { locate, NOUNS, PARENT_LEVEL, placeText, type Tree, type TreeLevel } from './tree';

/** What a row carries for drag and drop: a sortable node among its siblings. */
export interface NodeDragData {
  kind: 'node';
  level: TreeLevel;
  parentUuid: string;
}
/** The drop target on a subject's or category's own row: "put it in here", last. */
export interface IntoDropData {
  kind: 'into';
  level: TreeLevel;
  uuid: string;
}
type DropData = NodeDragData | IntoDropData;

export const INTO_PREFIX = 'into:';
export const intoId = (uuid: string) => `${INTO_PREFIX}${uuid}`;

const dataOf = (x: { data: { current?: unknown } } | null | undefined) =>
  x?.data.current as (DropData & { sortable?: { index: number; containerId: string } }) | undefined;

/**
 * A dragged node can land among nodes of its own level (before the one it is dropped on, in whichever parent)
 * or on the row of a possible parent; nothing else is a target. What is under the pointer wins; between rows,
 * the nearest node of the same level.
 */
export const treeCollisionDetection: CollisionDetection = (args) => {
  const dragged = dataOf(args.active);
  if (!dragged) return [];
  const parentLevel = PARENT_LEVEL[dragged.level];
  const targets = args.droppableContainers.filter((c) => {
    const d = dataOf(c);
    return (
      (d?.kind === 'node' && d.level === dragged.level) || (d?.kind === 'into' && d.level === parentLevel)
    );
  });
  const under = pointerWithin({ ...args, droppableContainers: targets });
  if (under.length > 0) return under;
  return closestCenter({ ...args, droppableContainers: targets.filter((c) => dataOf(c)?.kind === 'node') });
};

/**
 * Arrow keys move a picked-up node among its own siblings only (moving elsewhere has its menu's "Move to…"):
 * dnd-kit's sortable coordinates, shown just the rows of the node's own list.
 */
export const siblingKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { active, droppableContainers } = args.context;
  const list = active ? dataOf(droppableContainers.get(active.id))?.sortable?.containerId : undefined;
  const siblings = droppableContainers
    .getEnabled()
    .filter((c) => dataOf(c)?.kind === 'node' && dataOf(c)?.sortable?.containerId === list);
  // What the sortable getter reads of the map: its enabled entries, and an entry by id.
  const only = {
    getEnabled: () => siblings,
    get: (id: Parameters<typeof droppableContainers.get>[0]) => droppableContainers.get(id),
  } as unknown as typeof droppableContainers;
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers: only },
  });
};

/** Rows move up and down only: the tree's levels are fixed by where a row is dropped, not by how far right. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export type DropResult =
  | { kind: 'reorder'; position: number }
  | { kind: 'move'; parentUuid: string; position?: number }
  | null;

/** What dropping `active` on `over` asks for: a new place among the same siblings, or a new parent. */
export function dropResult(active: Active, over: Over | null): DropResult {
  const from = dataOf(active);
  const to = dataOf(over);
  if (from?.kind !== 'node' || !over || !to || over.id === active.id) return null;
  if (to.kind === 'into') return to.uuid === from.parentUuid ? null : { kind: 'move', parentUuid: to.uuid };
  const position = to.sortable?.index ?? 0;
  if (to.parentUuid === from.parentUuid) return { kind: 'reorder', position };
  return { kind: 'move', parentUuid: to.parentUuid, position };
}

/**
 * What a screen reader hears while a row is dragged: names and places, never the ids dnd-kit would read out.
 * `tree` gives the tree as the screen shows it now.
 */
export function treeAnnouncements(tree: () => Tree | undefined): Announcements {
  const describe = (id: string | number) => {
    const t = tree();
    return t ? locate(t, String(id).replace(INTO_PREFIX, '')) : null;
  };
  /** Where the row would go if dropped now: "to position 2 of 5", "into category Renal". */
  const destination = (active: Active, over: Over | null) => {
    const what = describe(active.id);
    const result = dropResult(active, over);
    if (!what || !result) return null;
    if (result.kind === 'reorder') return `to position ${placeText(result.position, what.siblings.length)}`;
    const parent = describe(result.parentUuid);
    return parent ? `into ${NOUNS[parent.level].one} ${parent.node.name}` : null;
  };
  /** Whether the row has been over any place but its own since it was picked up. */
  let hasLeft = false;
  return {
    onDragStart: ({ active }) => {
      hasLeft = false;
      const what = describe(active.id);
      if (!what) return undefined;
      return `Picked up ${NOUNS[what.level].one} ${what.node.name}, position ${placeText(what.index, what.siblings.length)}.`;
    },
    onDragOver: ({ active, over }) => {
      const what = describe(active.id);
      if (!what) return undefined;
      const to = destination(active, over);
      if (to) {
        hasLeft = true;
        return `Drop ${what.node.name} here to move it ${to}.`;
      }
      // Over its own place as the drag starts: the pick-up message stands.
      return hasLeft ? `${what.node.name} is back in its own place.` : undefined;
    },
    onDragEnd: ({ active, over }) => {
      const what = describe(active.id);
      if (!what) return undefined;
      const to = destination(active, over);
      return to
        ? `Dropped ${what.node.name}: moving it ${to}.`
        : `Dropped ${what.node.name}; it stays where it was.`;
    },
    onDragCancel: ({ active }) => {
      const what = describe(active.id);
      return what ? `Moving ${what.node.name} was cancelled; it stays where it was.` : undefined;
    },
  };
}

/** What every drag handle's description tells a keyboard or screen reader user. */
export const DRAG_INSTRUCTIONS =
  'To reorder a row, press Space or Enter on its drag handle to pick it up, the up and down arrow keys to move ' +
  "it among its siblings, then Space or Enter to drop it, or Escape to cancel. Each row's menu also has Move " +
  'up, Move down and, below subjects, Move to.';
