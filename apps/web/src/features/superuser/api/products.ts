import {
  type CreateSuperProductInput,
  type LearnerAccess,
  type SuperProductsQuery,
  superuserProductsApi,
} from '@qbank/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Query keys of Super → Products. */
export const superProductKeys = {
  all: ['superuser', 'products'] as const,
  list: (query: SuperProductsQuery) => ['superuser', 'products', 'list', query] as const,
  product: (id: string) => ['superuser', 'products', 'one', id] as const,
};

/** A page of QBanks matching the search; the page stays on screen (dimmed) while the next one loads. */
export const useSuperProducts = (query: SuperProductsQuery) =>
  useQuery({
    queryKey: superProductKeys.list(query),
    queryFn: () => call(superuserProductsApi.products, { query }),
    placeholderData: keepPreviousData,
  });

/** One QBank with its admins, state and figures. */
export const useSuperProduct = (id: string) =>
  useQuery({
    queryKey: superProductKeys.product(id),
    queryFn: () => call(superuserProductsApi.product, { params: { id } }),
  });

/** Creates a QBank with its first admin; the lists follow. */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSuperProductInput) => call(superuserProductsApi.create, { body }),
    onSuccess: (result) => {
      client.setQueryData(superProductKeys.product(result.product.uuid), result.product);
      void client.invalidateQueries({ queryKey: superProductKeys.all });
    },
  });
}

/** What a QBank's buttons do. */
export type ProductAction =
  | { kind: 'suspend'; learnerAccess: LearnerAccess }
  | { kind: 'restore' }
  | { kind: 'transfer'; toEmail: string };

/** Acts on a QBank; the QBank (as the answer has it) and every list follow. */
export function useProductAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: ProductAction) => {
      const params = { id };
      switch (a.kind) {
        case 'suspend':
          return call(superuserProductsApi.setSuspended, {
            params,
            body: { suspended: true, learnerAccess: a.learnerAccess },
          });
        case 'restore':
          return call(superuserProductsApi.setSuspended, { params, body: { suspended: false } });
        case 'transfer':
          return call(superuserProductsApi.transfer, { params, body: { toEmail: a.toEmail } });
      }
    },
    onSuccess: (result) => {
      client.setQueryData(superProductKeys.product(id), result.product);
      void client.invalidateQueries({ queryKey: superProductKeys.all });
    },
  });
}
