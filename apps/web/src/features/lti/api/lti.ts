import { type LtiPlatformInput, ltiApi } from '@qbank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Query keys of the course platforms screen. */
export const ltiKeys = {
  all: ['lti'] as const,
  platforms: (productId: string) => ['lti', 'platforms', productId] as const,
  tool: (productId: string) => ['lti', 'tool', productId] as const,
  courses: (platformId: string) => ['lti', 'courses', platformId] as const,
};

export const useToolValues = (productId: string) =>
  useQuery({
    queryKey: ltiKeys.tool(productId),
    queryFn: () => call(ltiApi.toolValues, { params: { id: productId } }),
    enabled: productId !== '',
  });

export const usePlatforms = (productId: string) =>
  useQuery({
    queryKey: ltiKeys.platforms(productId),
    queryFn: () => call(ltiApi.platforms, { params: { id: productId } }),
    enabled: productId !== '',
  });

/** A platform's courses; read again every 2 s while a sync is queued or running. */
export const useCourses = (platformId: string) =>
  useQuery({
    queryKey: ltiKeys.courses(platformId),
    queryFn: () => call(ltiApi.courses, { params: { id: platformId } }),
    refetchInterval: (q) =>
      q.state.data?.some((c) => c.sync && ['queued', 'running', 'retrying'].includes(c.sync.state))
        ? 2000
        : false,
  });

const useInvalidate = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ltiKeys.all });
};

export function useConnectPlatform(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LtiPlatformInput) => call(ltiApi.addPlatform, { params: { id: productId }, body }),
    onSuccess: invalidate,
  });
}

export function useSetPlatformEnabled() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      call(ltiApi.setPlatformEnabled, { params: { id }, body: { enabled } }),
    onSettled: invalidate,
  });
}

export function useRemovePlatform() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(ltiApi.removePlatform, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useSyncCourses(platformId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ltiApi.syncCourses, { params: { id: platformId }, body: {} }),
    onSuccess: (answer) => client.setQueryData(ltiKeys.courses(platformId), answer.courses),
  });
}

/** A one-time registration URL for LTI Dynamic Registration. */
export function useCreateRegistration(productId: string) {
  return useMutation({
    mutationFn: (instructorsAllowed: boolean) =>
      call(ltiApi.createRegistration, { params: { id: productId }, body: { instructorsAllowed } }),
  });
}

/** What a launch that needs its person to link their account asks (404: expired, used or unknown). */
export const useLinkPreview = (code: string) =>
  useQuery({
    queryKey: ['lti', 'link', code],
    queryFn: () => call(ltiApi.linkPreview, { params: { code } }),
    retry: false,
  });

export const useLinkAccount = () =>
  useMutation({ mutationFn: (code: string) => call(ltiApi.link, { params: { code } }) });
