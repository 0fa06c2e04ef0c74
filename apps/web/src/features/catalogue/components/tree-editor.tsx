import {
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Button, EmptyState, Group, Title, VisuallyHidden } from '@mantine/core';
import IconListTree from '@tabler/icons-react/dist/esm/icons/IconListTree.mjs';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useCreateNode, useDeleteNode, useUpdateNode } from '../api/catalogue';
import {
  DRAG_INSTRUCTIONS,
  dropResult,
  siblingKeyboardCoordinates,
  treeAnnouncements,
  treeCollisionDetection,
  verticalOnly,
} from '../lib/dnd';
import { nameErrorOf, reasonOf } from '../lib/errors';
import { FOCUS_KEY_ATTRIBUTE, focusable, focusKey } from '../lib/focus';
import { locate, NOUNS, placeText, type Tree, type TreeLevel } from '../lib/tree';
import { DeleteDialog } from './delete-dialog';
import { DragPreview } from './drag-preview';
import { MoveDialog } from './move-dialog';
import { AddNode, NodeList } from './node-list';
import classes from './tree.module.css';
import { type Renaming, TreeEditorContext, type TreeEditorValue } from './tree-editor-context';

/** How long after a change its row's control gets its focus back if the move on the page took it away. */
const FOCUS_RESTORE_MS = 5_000;

type Patch = { name?: string; position?: number; parentUuid?: string };

/**
 * The subject tree editor: the tree with its changes (create, rename, reorder, move, delete), by drag and drop
 * or by each row's menu. Reorders, moves and renames show at once and go back, with a message beside the node,
 * if the server refuses; a deletion waits for the server, which refuses a node that still holds questions.
 */
export function TreeEditor({ productId, tree }: { productId: string; tree: Tree }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [notes, setNotes] = useState<Readonly<Record<string, string>>>({});
  const [renaming, setRenaming] = useState<Renaming | null>(null);
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const createNode = useCreateNode(productId);
  const updateNode = useUpdateNode(productId);
  const deleteNode = useDeleteNode(productId);

  // Handlers read the tree as it is when they run, not as it was when they were made.
  const treeRef = useRef(tree);
  treeRef.current = tree;

  // A row that moves in the page loses the focus its button had; the last focused control gets it back.
  const container = useRef<HTMLDivElement>(null);
  const lastFocused = useRef<string | null>(null);
  useEffect(() => {
    const root = container.current;
    const onFocusIn = (e: FocusEvent) => {
      const key = e.target instanceof HTMLElement ? e.target.getAttribute(FOCUS_KEY_ATTRIBUTE) : null;
      if (key) lastFocused.current = key;
    };
    root?.addEventListener('focusin', onFocusIn);
    return () => root?.removeEventListener('focusin', onFocusIn);
  }, []);
  // Only while a change made here settles: a refetch long after must not pull the focus back into the tree.
  const restoreUntil = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new tree is on the page
  useLayoutEffect(() => {
    const active = document.activeElement;
    if ((!active || active === document.body) && lastFocused.current && Date.now() < restoreUntil.current)
      focusable(lastFocused.current)?.focus();
  }, [tree]);
  const focusSoon = (key: string) => {
    lastFocused.current = key;
    // After a menu or dialog has closed and given the focus back to whatever it came from.
    window.setTimeout(() => focusable(key)?.focus(), 50);
  };

  const setNote = (uuid: string, note: string | null) =>
    setNotes(({ [uuid]: _, ...rest }) => (note ? { ...rest, [uuid]: note } : rest));
  const expand = (uuid: string) => setExpanded((s) => (s.has(uuid) ? s : new Set(s).add(uuid)));

  /** Sends one change; the tree shows it at once. `done` is read out once the server agrees. */
  const change = (uuid: string, patch: Patch, done: string, failed: string) => {
    const here = locate(treeRef.current, uuid);
    if (!here) return;
    setNote(uuid, null);
    restoreUntil.current = Date.now() + FOCUS_RESTORE_MS;
    // Each change hears its own answer: mutate's callbacks would only follow the last of several in flight.
    void updateNode
      .mutateAsync({ level: here.level, uuid, currentParentUuid: here.parentUuid, ...patch })
      .then(
        () => setAnnouncement(done),
        (error: unknown) => {
          const onName = patch.name !== undefined ? nameErrorOf(error) : null;
          // A refused name reopens the field with what was typed, the reason under it.
          if (onName) setRenaming({ uuid, name: patch.name!, error: onName });
          else setNote(uuid, `${failed} ${reasonOf(error)}`);
        },
      );
  };

  const moveTo = (uuid: string, parentUuid: string, position?: number) => {
    const here = locate(treeRef.current, uuid);
    const parent = locate(treeRef.current, parentUuid);
    if (!here || !parent) return;
    expand(parentUuid);
    change(
      uuid,
      { parentUuid, position },
      `${here.node.name} moved to ${NOUNS[parent.level].one} ${parent.node.name}.`,
      `${here.node.name} could not be moved to ${parent.node.name} and is back in its place.`,
    );
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragged(String(active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const result = dropResult(active, over);
    const uuid = String(active.id);
    const here = locate(treeRef.current, uuid);
    if (!result || !here) return;
    if (result.kind === 'move') return moveTo(uuid, result.parentUuid, result.position);
    if (result.position === here.index) return;
    change(
      uuid,
      { position: result.position },
      `${here.node.name} moved to position ${placeText(result.position, here.siblings.length)}.`,
      `${here.node.name} could not be moved and is back in its place.`,
    );
  };

  const value: TreeEditorValue = {
    tree,
    isExpanded: (uuid) => expanded.has(uuid),
    toggle: (uuid) =>
      setExpanded((s) => {
        const next = new Set(s);
        if (!next.delete(uuid)) next.add(uuid);
        return next;
      }),
    renaming,
    startRename: (uuid) => {
      const here = locate(treeRef.current, uuid);
      if (here) setRenaming({ uuid, name: here.node.name });
    },
    cancelRename: () => {
      if (renaming) focusSoon(focusKey.menu(renaming.uuid));
      setRenaming(null);
    },
    rename: (uuid, name) => {
      const here = locate(treeRef.current, uuid);
      setRenaming(null);
      focusSoon(focusKey.menu(uuid));
      if (!here || here.node.name === name) return;
      change(
        uuid,
        { name },
        `${here.node.name} renamed to ${name}.`,
        `${here.node.name} could not be renamed to ${name}.`,
      );
    },
    addingTo,
    startAdd: (parentUuid) => {
      if (parentUuid !== treeRef.current.uuid) expand(parentUuid);
      setAddingTo(parentUuid);
    },
    cancelAdd: () => {
      if (addingTo) focusSoon(focusKey.add(addingTo));
      setAddingTo(null);
    },
    create: async (level: TreeLevel, parentUuid: string, name: string) => {
      await createNode.mutateAsync({ level, parentUuid, name });
      setAnnouncement(`${NOUNS[level].title} ${name} added.`);
    },
    moveBy: (uuid, delta) => {
      const here = locate(treeRef.current, uuid);
      if (!here) return;
      const position = here.index + delta;
      if (position < 0 || position >= here.siblings.length) return;
      const way = delta < 0 ? 'up' : 'down';
      change(
        uuid,
        { position },
        `${here.node.name} moved ${way}, now ${placeText(position, here.siblings.length)}.`,
        `${here.node.name} could not be moved ${way} and is back in its place.`,
      );
    },
    openMoveTo: setMoving,
    openDelete: setDeleting,
    noteOf: (uuid) => notes[uuid],
    dismissNote: (uuid) => {
      setNote(uuid, null);
      focusSoon(focusKey.menu(uuid));
    },
  };

  const remove = async (uuid: string) => {
    const here = locate(treeRef.current, uuid);
    if (!here) return setDeleting(null);
    // Where the focus goes once the row is gone: the next row, else the one before, else the parent's.
    const neighbour = here.siblings[here.index + 1] ?? here.siblings[here.index - 1];
    const after = neighbour
      ? focusKey.menu(neighbour.uuid)
      : here.level === 'subject'
        ? focusKey.add(here.parentUuid)
        : focusKey.menu(here.parentUuid);
    setNote(uuid, null);
    try {
      await deleteNode.mutateAsync({ level: here.level, uuid });
      setAnnouncement(`${NOUNS[here.level].title} ${here.node.name} deleted.`);
      setDeleting(null);
      focusSoon(after);
    } catch (error) {
      setDeleting(null);
      setNote(uuid, reasonOf(error));
    }
  };

  const sensors = useSensors(
    // A press that moves less than this is a click on the handle, not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: siblingKeyboardCoordinates }),
  );
  const announcements = useMemo(() => treeAnnouncements(() => treeRef.current), []);
  const expandAll = useCallback(
    () => setExpanded(new Set(tree.children.flatMap((s) => [s.uuid, ...s.children.map((c) => c.uuid)]))),
    [tree],
  );

  return (
    <TreeEditorContext.Provider value={value}>
      {tree.children.length > 0 && (
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={expandAll}>
            Expand all
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => setExpanded(new Set())}
            disabled={expanded.size === 0}
          >
            Collapse all
          </Button>
        </Group>
      )}
      <div ref={container}>
        {tree.children.length > 0 ? (
          <DndContext
            sensors={sensors}
            collisionDetection={treeCollisionDetection}
            modifiers={[verticalOnly]}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDragged(null)}
            accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
          >
            <NodeList level="subject" parentUuid={tree.uuid} parentName={tree.name} nodes={tree.children} />
            <DragPreview tree={tree} uuid={dragged} />
          </DndContext>
        ) : (
          <EmptyState
            icon={<IconListTree size={28} aria-hidden />}
            withIndicatorBackground
            title={
              <Title order={2} size="h4">
                No subjects yet — add the first one
              </Title>
            }
            description="Questions are filed under subjects, their categories and their subcategories. Start with a subject; its categories and subcategories follow."
            py="xl"
            className={classes.empty}
          >
            <AddNode level="subject" parentUuid={tree.uuid} parentName={tree.name} />
          </EmptyState>
        )}
      </div>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <MoveDialog
        tree={tree}
        uuid={moving}
        onClose={() => setMoving(null)}
        onMove={(uuid, parentUuid) => {
          setMoving(null);
          moveTo(uuid, parentUuid);
          focusSoon(focusKey.menu(uuid));
        }}
      />
      <DeleteDialog tree={tree} uuid={deleting} onClose={() => setDeleting(null)} onDelete={remove} />
    </TreeEditorContext.Provider>
  );
}
