import { catalogueAdminApi } from '@qbank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { moveNode, removeNode, renameNode, type Tree, type TreeLevel } from '../lib/tree';
import { catalogueKeys, productTreeQuery } from './product-tree';

/**
 * The tree as the subject tree editor reads it: the shared query (product-tree.ts), but fetched afresh on opening
 * once older than the app's usual 30 s rather than the readers' 5 minutes, as the editor shows what admins change.
 */
export const useSubjectTree = (productId: string) =>
  useQuery({ ...productTreeQuery(productId), staleTime: 30_000 });

export interface CreateNodeInput {
  level: TreeLevel;
  /** The product for a subject, the subject for a category, the category for a subcategory. */
  parentUuid: string;
  name: string;
}

/** The item as the server now has it; its parent's field differs by level. */
type SavedNode = { uuid: string; name: string; position: number };

const create = ({ level, parentUuid, name }: CreateNodeInput): Promise<SavedNode> => {
  const input = { params: { id: parentUuid }, body: { name } };
  if (level === 'subject') return call(catalogueAdminApi.createSubject, input);
  if (level === 'category') return call(catalogueAdminApi.createCategory, input);
  return call(catalogueAdminApi.createSubcategory, input);
};

/** Adds a subject, category or subcategory, last among its siblings; the tree is read again once it exists. */
export function useCreateNode(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.tree(productId) }),
  });
}

export interface UpdateNodeInput {
  level: TreeLevel;
  uuid: string;
  name?: string;
  /** 0-based, counted among the siblings without the node; with `parentUuid`, among the new parent's. */
  position?: number;
  /** A new parent of the same product: a subject for a category, a category for a subcategory. */
  parentUuid?: string;
  /** Where the node sits now: needed to show a reorder at once. */
  currentParentUuid: string;
}

const update = ({ level, uuid, name, position, parentUuid }: UpdateNodeInput): Promise<SavedNode> => {
  const params = { id: uuid };
  if (level === 'subject') return call(catalogueAdminApi.updateSubject, { params, body: { name, position } });
  if (level === 'category')
    return call(catalogueAdminApi.updateCategory, {
      params,
      body: { name, position, subjectUuid: parentUuid },
    });
  return call(catalogueAdminApi.updateSubcategory, {
    params,
    body: { name, position, categoryUuid: parentUuid },
  });
};

/** The tree as it will be once the change is made: what the screen shows while the server answers. */
function applied(tree: Tree, change: UpdateNodeInput): Tree {
  let next = change.name === undefined ? tree : renameNode(tree, change.uuid, change.name);
  const to = change.parentUuid ?? change.currentParentUuid;
  if (change.position !== undefined || change.parentUuid !== undefined)
    next = moveNode(next, change.uuid, to, change.position ?? Number.MAX_SAFE_INTEGER);
  return next;
}

/**
 * Renames, reorders or moves a node. The tree shows the change at once and goes back to what it was if the
 * server refuses; the caller's onError says why. Once the last change in flight settles, the tree is read again
 * (earlier ones would bring back an order that a later change has already replaced).
 */
export function useUpdateNode(productId: string) {
  const queryClient = useQueryClient();
  const key = productTreeQuery(productId).queryKey;
  return useMutation({
    mutationKey: catalogueKeys.change(productId),
    mutationFn: update,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { productTree: applied(before.productTree, change) });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: catalogueKeys.change(productId) }) === 1)
        return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export interface DeleteNodeInput {
  level: TreeLevel;
  uuid: string;
}

const remove = ({ level, uuid }: DeleteNodeInput) => {
  const input = { params: { id: uuid } };
  if (level === 'subject') return call(catalogueAdminApi.deleteSubject, input);
  if (level === 'category') return call(catalogueAdminApi.deleteCategory, input);
  return call(catalogueAdminApi.deleteSubcategory, input);
};

/**
 * Deletes a node with everything under it. Not shown before the server agrees: it refuses a node that still holds
 * questions, and a row that vanished and came back would hide that answer.
 */
export function useDeleteNode(productId: string) {
  const queryClient = useQueryClient();
  const key = productTreeQuery(productId).queryKey;
  return useMutation({
    mutationKey: catalogueKeys.change(productId),
    mutationFn: remove,
    onSuccess: (_answer, { uuid }) => {
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { productTree: removeNode(before.productTree, uuid) });
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
