import { useCallback } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

// A page that keeps its filters in the address writes them from event handlers and effects. React Router's own
// setter builds the next address from the parameters of the render it was made in, even when handed a function:
// a filter chosen while a debounced search is being written (or just after, before the page has drawn again)
// would put back the old address and lose the search. This setter starts from the address as it is now.

/** The address's parameters, and a setter that changes them from the address as it stands at the call. */
export function useLatestSearchParams() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (change: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      // In the browser the address is the truth; without one (a server render) the render's parameters are.
      const latest =
        typeof window === 'undefined'
          ? new URLSearchParams(params)
          : new URLSearchParams(window.location.search);
      setParams(change(latest), options);
    },
    [params, setParams],
  );
  return [params, set] as const;
}
