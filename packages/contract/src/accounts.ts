import { z } from 'zod';
import { emailProblem, isBlank, normalizeEmail } from './email';
import { Limits } from './limits';
import { textField } from './text';

/**
 * The cookie in which the app keeps the browser's IANA time zone ("Europe/Berlin"): the server draws the signed-in
 * pages it renders with it, so their times read as the app's (apps/web/src/lib/time-zone.ts).
 */
export const TIME_ZONE_COOKIE = 'qbank_tz';

/** A practical e-mail pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A name: required, and not made only of white space or invisible characters. */
const trimmed = (field: string, max: number) =>
  textField(field)
    .trim()
    .min(1, { error: `${field} is required`, abort: true })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((s) => !isBlank(s), { error: `${field} is required` });

/**
 * An e-mail address in its one stored form (NFKC, lower case: see normalizeEmail), refused when it holds
 * invisible characters, mixes look-alike alphabets in a label, or is malformed (see emailProblem).
 */
export const emailField = (field = 'Email address') =>
  textField(field)
    .trim()
    .min(1, { error: `${field} is required`, abort: true })
    .max(Limits.emailMax, { error: `${field} must be at most ${Limits.emailMax} characters`, abort: true })
    .transform((s, ctx) => {
      const address = normalizeEmail(s);
      const problem = emailProblem(address);
      if (!problem) return address;
      ctx.issues.push({ code: 'custom', message: `${field} ${problem}`, input: s });
      return z.NEVER;
    });

export const passwordField = (field = 'Password') =>
  textField(field)
    .min(Limits.passwordMin, { error: `${field} must be at least ${Limits.passwordMin} characters` })
    .max(Limits.passwordMax, { error: `${field} must be at most ${Limits.passwordMax} characters` })
    .refine((s) => s.trim() !== '', { error: `${field} must not be only spaces` });

export const firstNameField = trimmed('First name', Limits.nameMax);
export const lastNameField = trimmed('Last name', Limits.nameMax);

export const loginForm = z.object({
  username: textField('Email address')
    .trim()
    .min(1, { error: 'Email address is required' })
    .max(Limits.emailMax, { error: `Email address must be at most ${Limits.emailMax} characters` }),
  password: textField('Password')
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
  stripePriceId: textField('stripePriceId')
    .trim()
    .min(1, { error: 'stripePriceId is required' })
    .max(200, { error: 'stripePriceId must be at most 200 characters' }),
});

export const tokenQuery = z.object({
  token: textField('token').min(1, { error: 'token is required' }).max(Limits.tokenMax),
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
  currentPassword: textField('Current password')
    .min(1, { error: 'Current password is required' })
    .max(Limits.passwordMax),
  newPassword: passwordField('New password'),
});

/** Account Settings → Profile: the user's own name, by the same rules as registration. */
export const profileBody = z.object({ firstName: firstNameField, lastName: lastNameField });
export type ProfileBody = z.infer<typeof profileBody>;

export const lastUsedBody = z.object({
  userUuid: z.uuid({ error: 'userUuid must be a UUID' }),
  productUuid: z.uuid({ error: 'productUuid must be a UUID' }),
});

export const referralBody = z.object({
  tokenId: textField('tokenId')
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
