import {
  type BuilderQuestionQuery,
  type TemplateInput,
  type TemplateListQuery,
  type TemplateUpdate,
  testBankApi,
} from '@qbank/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export const testBankKeys = {
  all: ['test-bank'] as const,
  list: (productId: string, q: TemplateListQuery) => ['test-bank', 'list', productId, q] as const,
  template: (id: string) => ['test-bank', 'template', id] as const,
  questions: (productId: string, q: BuilderQuestionQuery) =>
    ['test-bank', 'questions', productId, q] as const,
};

export const useTemplates = (productId: string, query: TemplateListQuery) =>
  useQuery({
    queryKey: testBankKeys.list(productId, query),
    queryFn: () => call(testBankApi.templates, { params: { id: productId }, query }),
    enabled: productId !== '',
    placeholderData: keepPreviousData,
  });

export const useTemplate = (id: string | undefined) =>
  useQuery({
    queryKey: testBankKeys.template(id ?? ''),
    queryFn: () => call(testBankApi.template, { params: { id: id! } }),
    enabled: !!id,
  });

export const useBuilderQuestions = (productId: string, query: BuilderQuestionQuery) =>
  useQuery({
    queryKey: testBankKeys.questions(productId, query),
    queryFn: () => call(testBankApi.builderQuestions, { params: { id: productId }, query }),
    enabled: productId !== '',
    placeholderData: keepPreviousData,
  });

const useInvalidate = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: testBankKeys.all });
};

/** Saves a template: a new one, or a new version of one (with the version it was read at). */
export function useSaveTemplate(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: string | null; body: TemplateInput | TemplateUpdate }) =>
      v.id
        ? call(testBankApi.updateTemplate, { params: { id: v.id }, body: v.body as TemplateUpdate })
        : call(testBankApi.createTemplate, { params: { id: productId }, body: v.body }),
    onSuccess: invalidate,
  });
}

export function useArchiveTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      call(testBankApi.archiveTemplate, { params: { id }, body: { archived } }),
    onSuccess: invalidate,
  });
}

export function useDuplicateTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(testBankApi.duplicateTemplate, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** A fresh preview each time it opens (rules are drawn anew). */
export const useTemplatePreview = (id: string, open: boolean) =>
  useQuery({
    queryKey: ['test-bank', 'preview', id],
    queryFn: () => call(testBankApi.previewTemplate, { params: { id } }),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
  });
