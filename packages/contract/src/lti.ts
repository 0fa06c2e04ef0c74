import { z } from 'zod';
import { textField } from './text';

// LTI 1.3 (docs/lti.md): QBank Cloud as a tool of course platforms (Moodle, Canvas, Brightspace, Blackboard,
// Sakai), one registration per platform and bank. A launch signs the learner in to the bank, in the course's
// cohort, without a second password.

/** The claims' names (IMS LTI 1.3 Core). */
export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  /** Names and Role Provisioning: the course's membership URL. */
  namesRoleService: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  /** Assignment and Grade Services: the course's line items URL and scopes. */
  gradeService: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

/** The context roles a launch is read by (a course's, in full or the short form some platforms send). */
export const LTI_ROLE = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
} as const;

const httpsOrLocalUrl = (field: string) =>
  textField(field)
    .trim()
    .max(2000, { error: `${field} must be at most 2000 characters` })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          // A platform's own addresses: https, or plain http on this machine (a platform under test).
          return (
            u.protocol === 'https:' ||
            (u.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(u.hostname))
          );
        } catch {
          return false;
        }
      },
      { error: `${field} must be an https URL` },
    );

/** A platform registered by hand: the values its administrator sees on their side. */
export const ltiPlatformInput = z.object({
  /** The platform's issuer (`iss`), e.g. https://moodle.school.edu. */
  issuer: httpsOrLocalUrl('issuer'),
  clientId: textField('clientId')
    .trim()
    .min(1, { error: 'clientId is required' })
    .max(255, { error: 'clientId must be at most 255 characters' }),
  deploymentIds: z
    .array(
      textField('deploymentIds')
        .trim()
        .min(1, { error: 'deploymentIds must not be empty' })
        .max(255, { error: 'deploymentIds must each be at most 255 characters' }),
      { error: 'deploymentIds must be a list' },
    )
    .min(1, { error: 'deploymentIds must name at least one deployment' })
    .max(50, { error: 'deploymentIds must name at most 50 deployments' }),
  /** The platform's OIDC authorisation endpoint, where the login continues. */
  authLoginUrl: httpsOrLocalUrl('authLoginUrl'),
  /** The platform's OAuth 2 token endpoint (the Advantage services). */
  authTokenUrl: httpsOrLocalUrl('authTokenUrl'),
  /** The platform's key set (JWKS) URL. */
  keySetUrl: httpsOrLocalUrl('keySetUrl'),
  /** Whether a course's Instructor role makes the person an instructor of the bank. */
  instructorsAllowed: z.boolean({ error: 'instructorsAllowed must be true or false' }).default(false),
});
export type LtiPlatformInput = z.input<typeof ltiPlatformInput>;

export const ltiPlatform = z.object({
  uuid: z.uuid(),
  productUuid: z.uuid(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authLoginUrl: z.string(),
  authTokenUrl: z.string(),
  keySetUrl: z.string(),
  instructorsAllowed: z.boolean(),
  enabled: z.boolean(),
  lastLaunchAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatform>;
export const ltiPlatformList = z.array(ltiPlatform);

/** The tool's values the platform's administrator pastes on their side. */
export const ltiToolValues = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  keySetUrl: z.string(),
  /** Where a plain link to the tool lands (the bank's dashboard). */
  targetLinkUri: z.string(),
  /** Where deep linking launches go (Moodle's "Content Selection URL"): instructors place tests from there. */
  deepLinkingUrl: z.string(),
  /** The scopes of the services the tool uses, for platforms that ask which to grant. */
  scopes: z.array(z.string()),
  /** The tool's configuration as Canvas takes it (Developer Keys → LTI Key → Paste JSON). */
  canvasConfiguration: z.record(z.string(), z.unknown()),
});
export type LtiToolValues = z.infer<typeof ltiToolValues>;

export const ltiPlatformParams = z.object({
  id: z.uuid({ error: 'id must be a platform id' }),
});

export const ltiEnabledInput = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

/** OIDC third-party login initiation (GET query or POST form). */
export const ltiLoginInput = z.object({
  iss: textField('iss').min(1, { error: 'iss is required' }).max(2000),
  login_hint: textField('login_hint').min(1, { error: 'login_hint is required' }).max(2000),
  target_link_uri: textField('target_link_uri').min(1, { error: 'target_link_uri is required' }).max(2000),
  lti_message_hint: textField('lti_message_hint').max(4000).optional(),
  client_id: textField('client_id').max(255).optional(),
  lti_deployment_id: textField('lti_deployment_id').max(255).optional(),
  /** The platform's frame that keeps data for the tool (LTI client-side storage), when it offers one. */
  lti_storage_target: textField('lti_storage_target').max(200).optional(),
});

/** The platform's form post of the id_token. */
export const ltiLaunchInput = z.object({
  id_token: textField('id_token').min(1, { error: 'id_token is required' }).max(20_000),
  state: textField('state').min(1, { error: 'state is required' }).max(200),
  /** Inside a frame without the tool's cookie: the browser's secret, read back from the platform's storage. */
  browser: textField('browser').max(200).optional(),
});

/** The entry code, posted by the button that opens the bank in a new window from inside a course's frame. */
export const ltiEnterForm = z.object({
  code: textField('code').min(1, { error: 'code is required' }).max(200),
});

/** From inside a course's frame: the link request's code and the browser's secret, for a new window. */
export const ltiLinkWindowForm = z.object({
  code: textField('code').min(1, { error: 'code is required' }).max(200),
  browser: textField('browser').min(1, { error: 'browser is required' }).max(200),
});

/** The deep linking picker's form: a template made an assignment of the course, and the request's code. */
export const ltiDeepLinkInput = z.object({
  code: textField('code').min(1, { error: 'code is required' }).max(200),
  templateUuid: z.uuid({ error: 'Choose a test template' }),
  name: textField('name').trim().max(120, { error: 'The name must be at most 120 characters' }).optional(),
  days: z.coerce
    .number({ error: 'Give the number of days it stays open' })
    .int({ error: 'Give a whole number of days' })
    .min(1, { error: 'It stays open at least 1 day' })
    .max(365, { error: 'It stays open at most 365 days' }),
  attemptsAllowed: z.coerce
    .number({ error: 'Give the number of attempts allowed' })
    .int({ error: 'Give a whole number of attempts' })
    .min(1, { error: 'Allow at least 1 attempt' })
    .max(10, { error: 'Allow at most 10 attempts' }),
  answersShown: z.enum(['AFTER_SUBMIT', 'AFTER_CLOSE', 'NEVER'], {
    error: 'Choose when the answers are shown',
  }),
});
export type LtiDeepLinkInput = z.input<typeof ltiDeepLinkInput>;
/** The picker's form as posted: checked against `ltiDeepLinkInput` by the tool, which shows the form again. */
export const ltiDeepLinkForm = z.record(z.string(), z.string().max(2000, { error: 'A field is too long' }));

/** The claims of deep linking (IMS Deep Linking 2.0) and the grade service's line item. */
export const LTI_DL_CLAIM = {
  settings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  data: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  msg: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
} as const;

export const ltiEnterQuery = z.object({
  code: textField('code').min(1, { error: 'code is required' }).max(200),
});

/** A public key of the tool's key set (RSA, RS256). */
export const ltiKeySet = z.object({
  keys: z.array(
    z.object({
      kty: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.string(),
      n: z.string(),
      e: z.string(),
    }),
  ),
});

/** A course of a connected platform: its cohort, its services and its roster sync. */
export const ltiCourse = z.object({
  contextId: z.string(),
  title: z.string().nullable(),
  cohortUuid: z.uuid(),
  /** Whether the platform offers the course's member list (the roster sync). */
  rosterSync: z.boolean(),
  /** Whether the platform offers the course's grade book (line items). */
  gradeBook: z.boolean(),
  lastSyncAt: z.string().nullable(),
  lastSyncError: z.string().nullable(),
  /** The sync queued, running or last run, while the server keeps its job. */
  sync: z
    .object({
      state: z.enum(['queued', 'running', 'retrying', 'done', 'failed']),
      done: z.number().int(),
      total: z.number().int().nullable(),
      message: z.string().nullable(),
    })
    .nullable(),
  /** The assignments placed in the course (deep linking), with how their scores are going to its grade book. */
  placements: z.array(
    z.object({
      assignmentUuid: z.uuid(),
      name: z.string(),
      /** Whether the grade book's column (line item) is known. */
      lineItem: z.boolean(),
      posted: z.number().int(),
      waiting: z.number().int(),
      failed: z.number().int(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type LtiCourse = z.infer<typeof ltiCourse>;
export const ltiCourseList = z.array(ltiCourse);

/** Which courses to sync now: those named, or every course with a member list. */
export const ltiSyncInput = z.object({
  contextIds: z
    .array(
      textField('contextIds')
        .min(1, { error: 'contextIds must not be empty' })
        .max(255, { error: 'contextIds must each be at most 255 characters' }),
      { error: 'contextIds must be a list' },
    )
    .max(500, { error: 'contextIds must name at most 500 courses' })
    .optional(),
});

export const ltiSyncAnswer = z.object({
  /** How many syncs were queued (a course with one pending already is not queued again). */
  queued: z.number().int(),
  courses: ltiCourseList,
});

/** LTI Dynamic Registration: a one-time link an admin pastes into the course platform. */
export const ltiRegistrationInput = z.object({
  /** Whether a course's Instructor role makes the person an instructor of the bank. */
  instructorsAllowed: z.boolean({ error: 'instructorsAllowed must be true or false' }).default(false),
});

export const ltiRegistrationLink = z.object({
  /** The registration URL: the platform opens it once, before `expiresAt`. */
  url: z.string(),
  expiresAt: z.string(),
});
export type LtiRegistrationLink = z.infer<typeof ltiRegistrationLink>;

/** What the platform adds to the registration URL when it opens it (IMS LTI Dynamic Registration 1.0). */
export const ltiRegisterQuery = z.object({
  token: textField('token').min(1, { error: 'token is required' }).max(200),
  openid_configuration: textField('openid_configuration')
    .min(1, { error: 'openid_configuration is required' })
    .max(2000),
  registration_token: textField('registration_token').max(8000).optional(),
});

/** A launch waiting for its person to sign in and link their account (an e-mail that has one here). */
export const ltiLinkParams = z.object({
  code: textField('code').min(1, { error: 'code is required' }).max(200),
});

export const ltiLinkPreview = z.object({
  productName: z.string(),
  /** The course platform's host. */
  platform: z.string(),
  /** The address the course gave, which has an account here. */
  email: z.string(),
  expiresAt: z.string(),
});
export type LtiLinkPreview = z.infer<typeof ltiLinkPreview>;

export const ltiLinked = z.object({ productUuid: z.uuid() });
