import type { PriceOnSale, RegistrationData } from '@qbank/contract';
import { useQuery } from '@tanstack/react-query';
import { api, HttpError } from '../../../lib/http';

/** What a provider price sells while it is on sale; 404 when it is not. */
export const fetchPriceOnSale = (priceId: string) =>
  api.get<PriceOnSale>(`/api/v2/prices/${encodeURIComponent(priceId)}`);

export function usePriceOnSale(priceId: string | undefined) {
  return useQuery({
    queryKey: ['price', priceId],
    queryFn: () => fetchPriceOnSale(priceId!),
    enabled: !!priceId,
    retry: false,
  });
}

/** Whether the price is known not to be on sale (as opposed to not loaded, or a failure to load it). */
export const isNotOnSale = (e: unknown) => e instanceof HttpError && e.statusCode === 404;

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
export function initiateRegistration(p: RegistrationPayload) {
  if (p.stripePriceId)
    return api.post('/api/v1/initiateStreamlinedRegistration', {
      firstName: p.firstName,
      lastName: p.lastName,
      username: p.username,
      password: p.password,
      stripePriceId: p.stripePriceId,
    });
  return api.post('/api/v1/initiateRegistration', {
    firstName: p.firstName,
    lastName: p.lastName,
    username: p.username,
  });
}

const q = (token: string) => `token=${encodeURIComponent(token)}`;

export const fetchRegistration = (token: string) =>
  api.get<RegistrationData>(`/api/v1/fetchRegistration?${q(token)}`);

export const completeRegistration = (
  token: string,
  body: { firstName: string; lastName: string; password: string },
) => api.post<{ accessToken: string }>(`/api/v1/completeRegistration?${q(token)}`, body);

export const completeStreamlinedRegistration = (token: string) =>
  api.post<{ accessToken: string; customerId: string; stripePriceId: string }>(
    `/api/v1/completeStreamlinedRegistration?${q(token)}`,
    {},
  );
