import {
  endpointPath,
  queryString,
  type RosterExportFormat,
  type RosterQuery,
  rosterApi,
  type StudentAccessInput,
} from '@qbank/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Query keys of the Students screen's reads. */
export const rosterKeys = {
  all: ['roster'] as const,
  students: (productId: string, query: RosterQuery) => ['roster', 'students', productId, query] as const,
  student: (productId: string, userId: string) => ['roster', 'student', productId, userId] as const,
};

export const studentsQuery = (productId: string, query: RosterQuery) =>
  queryOptions({
    queryKey: rosterKeys.students(productId, query),
    queryFn: () => call(rosterApi.students, { params: { id: productId }, query }),
    // The page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

/** A page of the product's students, as the filters and the order ask. */
export const useStudents = (productId: string, query: RosterQuery) =>
  useQuery({ ...studentsQuery(productId, query), enabled: productId !== '' });

/** The export's address: a plain GET the browser saves (the session cookie goes with it). */
export const studentsExportUrl = (
  productId: string,
  format: RosterExportFormat,
  query: Omit<RosterQuery, 'page' | 'size'>,
) => endpointPath(rosterApi.exportStudents.path, { id: productId }) + queryString({ ...query, format });

export const studentQuery = (productId: string, userId: string) =>
  queryOptions({
    queryKey: rosterKeys.student(productId, userId),
    queryFn: () => call(rosterApi.student, { params: { id: productId, userId } }),
  });

/** One student and their standing in the product. */
export const useStudent = (productId: string, userId: string) =>
  useQuery({ ...studentQuery(productId, userId), enabled: productId !== '' && userId !== '' });

/** Suspends, removes or restores students; every read of the screen follows. */
export function useStudentAccess(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentAccessInput) =>
      call(rosterApi.studentAccess, { params: { id: productId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: rosterKeys.all }),
  });
}
