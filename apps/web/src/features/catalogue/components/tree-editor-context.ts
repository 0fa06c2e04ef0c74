import { createContext, useContext } from 'react';
import type { Tree, TreeLevel } from '../lib/tree';

/** A rename in progress: the name typed so far and, after a refusal, the server's reason. */
export interface Renaming {
  uuid: string;
  name: string;
  error?: string;
}

/** What every row of the editor may ask of it: the tree's state and its changes, by node uuid. */
export interface TreeEditorValue {
  tree: Tree;
  isExpanded(uuid: string): boolean;
  toggle(uuid: string): void;
  renaming: Renaming | null;
  startRename(uuid: string): void;
  cancelRename(): void;
  rename(uuid: string, name: string): void;
  /** The parent (the product for a subject) whose "Add …" form is open. */
  addingTo: string | null;
  startAdd(parentUuid: string): void;
  cancelAdd(): void;
  /** Resolves once the new node is in the tree; a refusal is thrown for the form to show. */
  create(level: TreeLevel, parentUuid: string, name: string): Promise<void>;
  moveBy(uuid: string, delta: -1 | 1): void;
  openMoveTo(uuid: string): void;
  openDelete(uuid: string): void;
  /** What went wrong with a node's last change, shown beside it. */
  noteOf(uuid: string): string | undefined;
  dismissNote(uuid: string): void;
}

export const TreeEditorContext = createContext<TreeEditorValue | null>(null);

export function useTreeEditor(): TreeEditorValue {
  const value = useContext(TreeEditorContext);
  if (!value) throw new Error('useTreeEditor is used outside the subject tree editor');
  return value;
}
