import { registrationApi, storeApi } from '@qbank/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useAuth } from '../../accounts/api/auth';

export const registrationKeys = {
  price: (priceId: string | undefined) => ['price', priceId] as const,
  registration: (token: string) => ['registration', token] as const,
  verified: (email: string) => ['registration', 'verified', email] as const,
};

/** How often 'Verify your email' asks whether the link was opened meanwhile (on this device or another). */
export const VERIFIED_POLL_MS = 4000;

/** What a provider price sells while it is on sale; 404 when it is not. */
export const priceOnSaleQueryOptions = (priceId: string | undefined) =>
  queryOptions({
    queryKey: registrationKeys.price(priceId),
    queryFn: () => call(storeApi.priceOnSale, { params: { priceId: priceId! } }),
    enabled: !!priceId,
    retry: false,
  });

export function usePriceOnSale(priceId: string | undefined) {
  return useQuery(priceOnSaleQueryOptions(priceId));
}

/** The registration a verification link stands for (GET api/v1/fetchRegistration?token=). */
export const registrationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: registrationKeys.registration(token),
    queryFn: () => call(registrationApi.fetch, { query: { token } }),
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRegistration(token: string) {
  return useQuery(registrationQueryOptions(token));
}

/**
 * Whether the registration this browser started (for `email`) has its e-mail verified: asked while 'Verify your
 * email' shows, every few seconds while the page is visible (TanStack pauses the interval in a hidden tab and
 * asks again when it is shown), and no more once it is.
 */
export function useRegistrationVerified(email: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.verified(email ?? ''),
    queryFn: () => call(registrationApi.status),
    enabled: enabled && !!email,
    select: (r) => r.verified,
    refetchInterval: (q) => (q.state.data?.verified ? false : VERIFIED_POLL_MS),
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export interface RegistrationPayload {
  firstName: string;
  lastName: string;
  /** The e-mail address. */
  username: string;
  password?: string;
  /** Present only in the streamlined flow. */
  stripePriceId?: string;
}

/** Starts a registration; without stripePriceId it is the non-streamlined flow (SPEC §3). */
export function useInitiateRegistration() {
  return useMutation({
    mutationFn: (p: RegistrationPayload) => {
      const person = { firstName: p.firstName, lastName: p.lastName, username: p.username };
      if (p.stripePriceId)
        return call(registrationApi.initiateStreamlined, {
          body: { ...person, password: p.password, stripePriceId: p.stripePriceId },
        });
      return call(registrationApi.initiate, { body: person });
    },
  });
}

/** Finishes a registration from the mail's link and signs the new member in with the session it answers. */
export function useCompleteRegistration() {
  const { adoptSession } = useAuth();
  return useMutation({
    mutationFn: async ({
      token,
      ...body
    }: {
      token: string;
      firstName: string;
      lastName: string;
      password: string;
    }) => {
      const r = await call(registrationApi.complete, { query: { token }, body });
      await adoptSession(r.accessToken);
    },
  });
}

/** Finishes a streamlined registration (the password came with the first step); answers the session and the price. */
export function useCompleteStreamlinedRegistration() {
  return useMutation({
    mutationFn: (token: string) => call(registrationApi.completeStreamlined, { query: { token } }),
  });
}
