import { type CohortInput, type CohortUpdate, rosterApi } from '@qbank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { rosterKeys } from './students';

export const cohortKeys = {
  list: (productId: string, includeArchived: boolean) =>
    ['roster', 'cohorts', productId, includeArchived] as const,
};

export const cohortsQuery = (productId: string, includeArchived = false) =>
  queryOptions({
    queryKey: cohortKeys.list(productId, includeArchived),
    queryFn: () =>
      call(rosterApi.cohorts, {
        params: { id: productId },
        query: { includeArchived: includeArchived ? 'true' : 'false' },
      }),
  });

/** The product's cohorts by name (archived ones too when asked). */
export const useCohorts = (productId: string, includeArchived = false) =>
  useQuery({ ...cohortsQuery(productId, includeArchived), enabled: productId !== '' });

/** Every read of the screen: a cohort change moves counts, names and the students' rows. */
const useInvalidateRoster = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: rosterKeys.all });
};

export function useCreateCohort(productId: string) {
  const invalidate = useInvalidateRoster();
  return useMutation({
    mutationFn: (body: CohortInput) => call(rosterApi.createCohort, { params: { id: productId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateCohort() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    mutationFn: ({ id, ...body }: CohortUpdate & { id: string }) =>
      call(rosterApi.updateCohort, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Adds students to a cohort, or takes them out. */
export function useCohortMembers() {
  const invalidate = useInvalidateRoster();
  return useMutation({
    mutationFn: ({ id, userUuids, remove }: { id: string; userUuids: string[]; remove: boolean }) =>
      call(remove ? rosterApi.removeCohortMembers : rosterApi.addCohortMembers, {
        params: { id },
        body: { userUuids },
      }),
    onSuccess: invalidate,
  });
}
