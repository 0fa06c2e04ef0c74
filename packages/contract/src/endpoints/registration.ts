import { z } from 'zod';
import {
  completeRegistrationBody,
  initiateRegistrationBody,
  initiateStreamlinedRegistrationBody,
  loginResponse,
  okResponse,
  referralBody,
  registrationData,
  tokenQuery,
} from '../accounts';
import { endpoint } from './endpoint';

const tags = ['registration'];

/**
 * A null or empty password is no password: the server answers it with SPEC §5's
 * 'Expected a password for the streamlined flow', not with a length rule.
 */
export const streamlinedRegistrationBody = z.preprocess((v) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const { password, ...rest } = v as Record<string, unknown>;
  return password === null || password === '' ? rest : v;
}, initiateStreamlinedRegistrationBody);

/**
 * Whether the registration this browser started last has its e-mail verified (from the mail's link, on any
 * device). The browser is known by its registration cookie; without one, or for another's, it is false.
 */
export const registrationStatusResponse = z.object({ verified: z.boolean() });

export const completeStreamlinedResponse = z.object({
  accessToken: z.string(),
  customerId: z.string(),
  stripePriceId: z.string(),
});

/** Registration, its e-mail link, and the landing page's referral token. */
export const registrationApi = {
  initiate: endpoint({
    method: 'POST',
    path: '/api/v1/initiateRegistration',
    summary: 'Start a registration; mails the verification link',
    tags,
    access: 'public',
    body: initiateRegistrationBody,
    response: okResponse,
    status: 201,
  }),
  initiateStreamlined: endpoint({
    method: 'POST',
    path: '/api/v1/initiateStreamlinedRegistration',
    summary: 'Start a registration with a password, bound for checkout',
    tags,
    access: 'public',
    body: streamlinedRegistrationBody,
    response: okResponse,
    status: 201,
  }),
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/fetchRegistration',
    summary:
      'What a registration link carries; a spent link of a verified account answers 409 ALREADY_VERIFIED to a signed-in caller',
    tags,
    access: 'optional',
    query: tokenQuery,
    response: registrationData,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/v1/registrationStatus',
    summary:
      "Whether the e-mail of the registration this browser started is verified (polled by 'Verify your email')",
    tags,
    access: 'public',
    response: registrationStatusResponse,
  }),
  complete: endpoint({
    method: 'POST',
    path: '/api/v1/completeRegistration',
    summary: 'Finish a registration and sign in',
    tags,
    access: 'public',
    query: tokenQuery,
    body: completeRegistrationBody,
    response: loginResponse,
  }),
  completeStreamlined: endpoint({
    method: 'POST',
    path: '/api/v1/completeStreamlinedRegistration',
    summary: 'Finish a streamlined registration (on any device) and sign in, bound for checkout',
    tags,
    access: 'public',
    query: tokenQuery,
    response: completeStreamlinedResponse,
  }),
  referral: endpoint({
    method: 'POST',
    path: '/api/v1/referralTokens',
    summary: 'Record a referral token seen on the landing page (once per visitor and day)',
    tags: ['referrals'],
    access: 'public',
    body: referralBody,
    response: okResponse,
    status: 201,
  }),
};
