import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache: the app renders with it, and a route's loader may fill it before the first render.
 * app/'s alone: a feature's component reaches it with useQueryClient(), a feature's loader is handed it by
 * app/router.tsx (storeLoader(queryClient)).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
