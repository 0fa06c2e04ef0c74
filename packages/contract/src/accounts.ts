import { z } from 'zod';
import { Limits } from './limits';

/** A practical e-mail pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const trimmed = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

export const emailField = (field = 'Email address') =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(Limits.emailMax, { error: `${field} must be at most ${Limits.emailMax} characters` })
    .regex(EMAIL_PATTERN, { error: `${field} must be a valid e-mail address` })
    .transform((s) => s.toLowerCase());

export const passwordField = (field = 'Password') =>
  z
    .string({ error: `${field} is required` })
    .min(Limits.passwordMin, { error: `${field} must be at least ${Limits.passwordMin} characters` })
    .max(Limits.passwordMax, { error: `${field} must be at most ${Limits.passwordMax} characters` });

export const firstNameField = trimmed('First name', Limits.nameMax);
export const lastNameField = trimmed('Last name', Limits.nameMax);

export const loginForm = z.object({
  username: z
    .string({ error: 'Email address is required' })
    .trim()
    .min(1, { error: 'Email address is required' })
    .max(Limits.emailMax, { error: `Email address must be at most ${Limits.emailMax} characters` }),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(Limits.passwordMax, { error: `Password must be at most ${Limits.passwordMax} characters` }),
});

export const initiateRegistrationBody = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  username: emailField(),
});

export const initiateStreamlinedRegistrationBody = initiateRegistrationBody.extend({
  password: passwordField().optional(),
  stripePriceId: z
    .string({ error: 'stripePriceId is required' })
    .trim()
    .min(1, { error: 'stripePriceId is required' })
    .max(200, { error: 'stripePriceId must be at most 200 characters' }),
});

export const tokenQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }).max(Limits.tokenMax),
});

export const completeRegistrationBody = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  password: passwordField(),
});

export const completeStreamlinedRegistrationBody = z.object({}).passthrough();

export const registrationData = z.object({
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  customerId: z.string().nullable(),
  stripePriceId: z.string().nullable(),
});
export type RegistrationData = z.infer<typeof registrationData>;

export const initiatePasswordResetBody = z.object({ emailAddress: emailField() });
export const completePasswordResetBody = z.object({
  newPassword: passwordField('New password'),
  emailAddress: emailField().optional(),
});
export const passwordUpdateBody = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(Limits.passwordMax),
  newPassword: passwordField('New password'),
});

export const lastUsedBody = z.object({
  userUuid: z.uuid({ error: 'userUuid must be a UUID' }),
  productUuid: z.uuid({ error: 'productUuid must be a UUID' }),
});

export const referralBody = z.object({
  tokenId: z
    .string({ error: 'tokenId is required' })
    .trim()
    .min(1, { error: 'tokenId is required' })
    .max(Limits.referralTokenMax, { error: `tokenId must be at most ${Limits.referralTokenMax} characters` }),
});

export const colorMap = z.record(z.string(), z.string());

export const subscriptionSummary = z.object({
  subscriptionUuid: z.string(),
  product: z.object({
    uuid: z.string(),
    name: z.string(),
    /** The product's own domain, the page-title prefix in the signed-in shell (SPEC §2); null for none. */
    domainName: z.string().nullable().optional(),
    colorMap,
  }),
  active: z.boolean(),
  type: z.enum(['BASIC', 'PREMIUM', 'PRIVILEGED']),
  /** The plan it was bought or joined with (the store card marks it); null for staff access. */
  billingPlanUuid: z.string().nullable().optional(),
  student: z.boolean(),
  questionWriter: z.boolean(),
  questionAuditor: z.boolean(),
  instructor: z.boolean(),
  admin: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

export const userMe = z.object({
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  stripeCustomerId: z.string().nullable(),
  lastUsedProductUuid: z.string().nullable(),
  superuser: z.boolean(),
  subscriptions: z.array(subscriptionSummary),
  allSubscriptions: z.array(subscriptionSummary),
});
export type UserMe = z.infer<typeof userMe>;

export const sessionResponse = z.object({ accessToken: z.string(), user: userMe });
export type SessionResponse = z.infer<typeof sessionResponse>;
export const loginResponse = z.object({ accessToken: z.string() });
export const okResponse = z.object({ ok: z.literal(true) });
