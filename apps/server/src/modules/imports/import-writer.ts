import { randomUUID } from 'node:crypto';
import type { QuestionStatus } from '@qbank/contract';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import {
  insertCategory,
  insertSubcategory,
  insertSubject,
  lockProductTree,
  renumber,
  siblingIds,
  type TreeLevel,
} from '../catalogue';
import { countMove } from '../questions';
import type { PreparedQuestion } from './prepare';
import { importedQuestionId } from './question-ids';
import { existingQuestionIds, insertQuestions, loadTree, type NewQuestion } from './repository';
import { fillPath, pathKey, TreeIndex } from './tree';

const levels: TreeLevel[] = ['subject', 'category', 'subcategory'];
const inserters = { subject: insertSubject, category: insertCategory, subcategory: insertSubcategory };

/** Where each of a file's paths goes: the subcategory of its (filled) path, or null for no path. */
export interface Placements {
  subcategoryOf(path: string[]): string | null;
  /**
   * Whether questions with this path can be written: no path, or one whose places exist (or were created).
   * False for a path naming a place the tree lacks when the importer may not add places.
   */
  placeable(path: string[]): boolean;
  /** The nodes this call created, each as its path. */
  created: string[][];
}

/**
 * Finds every node the paths name, under the product's tree lock, matching names case aside as the tree's
 * own rules do, and creates the missing ones when `create` says the importer may add places to the tree
 * (only those who may edit the tree do: importer.ts); otherwise a path with a missing place is left
 * unplaceable and nothing is created. A created node goes last among its siblings, which are numbered
 * 0..n-1 as every tree change leaves them. A second run finds what the first created.
 */
export async function ensurePaths(
  tx: DbOrTx,
  productId: string,
  paths: string[][],
  { create }: { create: boolean },
): Promise<Placements> {
  await lockProductTree(tx, productId);
  const index = new TreeIndex(await loadTree(tx, productId));
  const subcategories = new Map<string, string>();
  const created: string[][] = [];
  for (const raw of paths) {
    const path = fillPath(raw);
    const key = pathKey(path);
    if (path.length === 0 || subcategories.has(key)) continue;
    if (!create) {
      const found = index.existing(path);
      if (found.length === path.length) subcategories.set(key, found.at(-1)!.id);
      continue;
    }
    let parentId = productId;
    const spelled: string[] = [];
    for (const [depth, name] of path.entries()) {
      let node = index.child(parentId, name);
      if (!node) {
        const level = levels[depth]!;
        const siblings = await siblingIds(tx, level, parentId);
        const item = await inserters[level](tx, parentId, name, siblings.length);
        await renumber(tx, level, siblings);
        node = { id: item.uuid, name: item.name, parentId };
        index.add(node);
        created.push([...spelled, node.name]);
      }
      spelled.push(node.name);
      parentId = node.id;
    }
    subcategories.set(key, parentId);
  }
  const keyOf = (path: string[]) => pathKey(fillPath(path));
  return {
    subcategoryOf: (path) => subcategories.get(keyOf(path)) ?? null,
    placeable: (path) => path.length === 0 || subcategories.has(keyOf(path)),
    created,
  };
}

export interface ImportTarget {
  importId: string;
  productId: string;
  authorId: string;
  fileName: string;
  status: QuestionStatus;
}

/** The version note of an imported question. */
export const importNote = (fileName: string) => `Imported from ${fileName}`;

function newQuestion(target: ImportTarget, q: PreparedQuestion, subcategoryId: string | null): NewQuestion {
  const choices = q.choices.map((c) => ({ ...c, id: randomUUID() }));
  const positions = { STEM: 0, EXPLANATION: 0 };
  return {
    id: importedQuestionId(target.importId, q.index),
    versionId: randomUUID(),
    status: target.status,
    name: q.name,
    subcategoryId,
    freeSample: q.freeSample,
    stem: q.stem,
    explanation: q.explanation,
    choices: choices.map(({ id, text, explanation }) =>
      explanation ? { id, text, explanation } : { id, text },
    ),
    correctChoiceId: choices.find((c) => c.correct)?.id ?? null,
    references: q.references,
    reinforcements: q.reinforcements,
    media: q.media.map((m) => ({
      mediaId: randomUUID(),
      hash: m.hash,
      contentType: m.contentType,
      size: m.bytes.length,
      place: m.place,
      position: positions[m.place]++,
    })),
  };
}

/**
 * Writes one batch in one transaction (with the counts and whatever `alsoInTx` records), skipping the
 * questions an earlier run already wrote and those `placements` cannot place; answers how many of the batch
 * are now in the bank. The media go to storage first: their keys are their hashes, so
 * storing one again is a no-op, and bytes that no row points at yet are harmless.
 */
export async function writeBatch(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  target: ImportTarget,
  batch: PreparedQuestion[],
  placements: Placements,
  alsoInTx: (tx: DbOrTx, inBank: number) => Promise<void>,
): Promise<number> {
  // A question filed in a place the importer may not add is not written (the preview listed it).
  const placeable = batch.filter((q) => placements.placeable(q.path));
  const taken = await existingQuestionIds(
    deps.db,
    placeable.map((q) => importedQuestionId(target.importId, q.index)),
  );
  const todo = placeable
    .map((q) => newQuestion(target, q, placements.subcategoryOf(q.path)))
    .filter((q) => !taken.has(q.id));
  const needed = new Set(todo.flatMap((q) => q.media.map((m) => m.hash)));
  for (const q of batch)
    for (const m of q.media)
      if (needed.delete(m.hash)) await deps.storage.put(m.hash, m.bytes, m.contentType);
  return deps.db.transaction(async (tx) => {
    const written = await insertQuestions(tx, todo, {
      productId: target.productId,
      authorId: target.authorId,
      note: importNote(target.fileName),
      now: deps.clock.now(),
    });
    // Counted per subcategory, as My Questions' totals by tree node read them.
    const writtenIds = new Set(written);
    const perNode = new Map<string | null, number>();
    for (const q of todo)
      if (writtenIds.has(q.id)) perNode.set(q.subcategoryId, (perNode.get(q.subcategoryId) ?? 0) + 1);
    for (const [subcategoryId, n] of perNode)
      await countMove(
        tx,
        { productId: target.productId, authorId: target.authorId },
        null,
        { status: target.status, subcategoryId },
        n,
      );
    const inBank = placeable.length - todo.length + written.length;
    await alsoInTx(tx, inBank);
    return inBank;
  });
}
