import {
  type AssignmentInput,
  type AssignmentListQuery,
  type AssignmentUpdate,
  assignmentsApi,
  rosterApi,
  testBankApi,
} from '@qbank/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { newUuid } from '../../../lib/uuid';

export const assignmentKeys = {
  all: ['assignments'] as const,
  list: (productId: string, q: AssignmentListQuery) => ['assignments', 'list', productId, q] as const,
  one: (id: string) => ['assignments', 'one', id] as const,
  results: (id: string) => ['assignments', 'results', id] as const,
  mine: (productId: string) => ['assignments', 'mine', productId] as const,
};

export const useAssignments = (productId: string, query: AssignmentListQuery) =>
  useQuery({
    queryKey: assignmentKeys.list(productId, query),
    queryFn: () => call(assignmentsApi.assignments, { params: { id: productId }, query }),
    enabled: productId !== '',
    placeholderData: keepPreviousData,
  });

export const useAssignment = (id: string | undefined) =>
  useQuery({
    queryKey: assignmentKeys.one(id ?? ''),
    queryFn: () => call(assignmentsApi.assignment, { params: { id: id! } }),
    enabled: !!id,
  });

export const useAssignmentResults = (id: string) =>
  useQuery({
    queryKey: assignmentKeys.results(id),
    queryFn: () => call(assignmentsApi.results, { params: { id } }),
    // Results arrive while students take it: kept fresh while the page is open.
    refetchInterval: 30_000,
  });

export const useMyAssignments = (productId: string) =>
  useQuery({
    queryKey: assignmentKeys.mine(productId),
    queryFn: () => call(assignmentsApi.myAssignments, { params: { id: productId } }),
    enabled: productId !== '',
  });

const useInvalidate = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: assignmentKeys.all });
};

/** Saves an assignment: a new one of a template, or new settings of one. */
export function useSaveAssignment(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string | null; body: AssignmentInput | AssignmentUpdate }) =>
      v.id
        ? call(assignmentsApi.updateAssignment, { params: { id: v.id }, body: v.body })
        : call(assignmentsApi.createAssignment, {
            params: { id: productId },
            body: v.body as AssignmentInput,
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteAssignment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(assignmentsApi.deleteAssignment, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Starts an attempt, named by the client so a retried request answers the same test. */
export function useStartAttempt() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      call(assignmentsApi.startAttempt, { params: { id }, body: { uuid: newUuid() } }),
    onSuccess: invalidate,
  });
}

/** The address of an export of the results (a plain link downloads it with the session cookie). */
export const resultsExportUrl = (id: string, format: 'csv' | 'xlsx') =>
  `/api/v2/assignments/${id}/results/export?format=${format}`;

/** The product's cohorts (not archived), to assign to. */
export const useAssignableCohorts = (productId: string) =>
  useQuery({
    queryKey: ['assignments', 'cohorts', productId],
    queryFn: () => call(rosterApi.cohorts, { params: { id: productId }, query: {} }),
    enabled: productId !== '',
  });

/** Students found by name or e-mail, to assign to by name. */
export const useStudentSearch = (productId: string, search: string) =>
  useQuery({
    queryKey: ['assignments', 'students', productId, search],
    queryFn: () =>
      call(rosterApi.students, {
        params: { id: productId },
        query: { search: search || undefined, size: 20, status: 'ACTIVE' },
      }),
    enabled: productId !== '',
    placeholderData: keepPreviousData,
  });

/** The product's templates in use, to assign. */
export const useAssignableTemplates = (productId: string) =>
  useQuery({
    queryKey: ['assignments', 'templates', productId],
    queryFn: () => call(testBankApi.templates, { params: { id: productId }, query: { size: 100 } }),
    enabled: productId !== '',
  });
