import { ErrorCode, LTI_CLAIM, LTI_DL_CLAIM, normalizeEmail } from '@qbank/contract';
import { type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { openSession, setLastUsedProduct } from '../accounts';
import { enrolStudents } from '../enrolment';
import { changeStudentHolds, lockStudentHolds } from '../roster';
import { applyStaffRoles } from '../staff';
import { findProduct } from '../store';
import { DEEP_LINK_TTL_MS, PLACED_ASSIGNMENT } from './deep-linking';
import { insertDeepLink, notePlacementLaunch } from './grades-repository';
import { platformKeySet } from './keys';
import { courseKey, identityKey, placeholderEmail, rolesOf } from './people';
import {
  adoptDeployment,
  cohortOfContext,
  emailTaken,
  findLinkRequest,
  findLogin,
  findPlatform,
  insertContextCohort,
  insertEntryCode,
  insertIdentity,
  insertLinkRequest,
  insertLogin,
  insertLtiUser,
  lockKey,
  markPresent,
  type PlatformRow,
  platformsByIssuer,
  recordLaunch,
  recordLaunchError,
  setCourseServices,
  useEntryCode,
  useLinkRequest,
  useLogin,
  userDisabled,
  userOfIdentity,
} from './repository';
import { platformUrl } from './services';

/** How long a login started at the tool may take at the platform. */
export const LOGIN_TTL_MS = 10 * 60 * 1000;
/** How long the code a launch hands the browser opens a session (in the address it is sent to). */
export const ENTRY_CODE_TTL_MS = 60 * 1000;
/** Inside a course's frame, the code waits in the page (never in an address) for its button to be pressed. */
export const FRAMED_ENTRY_CODE_TTL_MS = 5 * 60 * 1000;
/** The oldest id_token accepted (by its `iat`), and the clock difference allowed with the platform. */
const MAX_TOKEN_AGE_S = 5 * 60;
const CLOCK_TOLERANCE_S = 5;

/** How long a launch waits for its person to sign in and link the account their e-mail has here. */
export const LINK_TTL_MS = 10 * 60 * 1000;

/** What a link request keeps of its launch, for the link to act on it as the launch would have. */
export interface LinkedLaunch {
  roles: { learner: boolean; instructor: boolean };
  course: {
    contextId: string;
    title: string;
    services: { membershipsUrl: string | null; lineItemsUrl: string | null };
  } | null;
}

/** The cookie binding a login to the browser that started it. */
export const LTI_BROWSER_COOKIE = 'qbank_lti_browser';

/** The key the browser's secret is kept under in the platform's storage, inside a frame. */
const storageKey = (state: string) => `qbank_browser_${sha256Hex(state).slice(0, 24)}`;

/** What a launch comes to. */
export type LaunchOutcome =
  | {
      /** The session's entry code (`framed`: shown behind a button that opens a new window). */
      kind: 'enter' | 'link' | 'deepLink';
      code: string;
      framed: boolean;
      userId: string | null;
      created: boolean;
      cohortId: string | null;
      productId: string;
      productName: string;
    }
  | {
      /** Inside a frame without the cookie: the tool's page reads the browser's secret from the platform. */
      kind: 'checkStorage';
      target: string;
      origin: string;
      key: string;
    };

const refuse = (field: string, message: string, code: keyof typeof ErrorCode = 'VALIDATION') =>
  new AppError(ErrorCode[code], message, field);

/** What a refused id_token is told: jose's reason in words, never the token. */
function tokenProblem(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired)
    return 'The launch has expired: open the link in your course again.';
  if (e instanceof joseErrors.JWTClaimValidationFailed)
    return `The launch's ${e.claim} does not match this connection.`;
  if (e instanceof joseErrors.JWKSNoMatchingKey)
    return "The launch is signed with a key the platform's key set does not hold.";
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'The launch’s signature is wrong.';
  if (e instanceof joseErrors.JOSEError) return 'The launch could not be checked.';
  return 'The launch could not be checked.';
}

export function ltiLaunchService(deps: Deps) {
  const { db, clock, config } = deps;
  const origin = new URL(config.publicUrl).origin;
  const withinTool = (uri: string) => {
    try {
      return new URL(uri).origin === origin;
    } catch {
      return false;
    }
  };

  /** The platform an initiation names: by issuer, and client id when the issuer connects several banks. */
  async function platformFor(issuer: string, clientId: string | undefined): Promise<PlatformRow> {
    const all = (await platformsByIssuer(db, issuer)).filter((p) => !clientId || p.clientId === clientId);
    if (all.length === 0)
      throw refuse('iss', 'No QBank is connected to this platform (issuer and client id).', 'NOT_FOUND');
    if (all.length > 1)
      throw refuse('client_id', 'This platform connects several QBanks: the login must name its client_id.');
    const p = all[0]!;
    if (!p.enabled)
      throw refuse(
        'iss',
        'The connection with this platform is disabled by the QBank’s admins.',
        'FORBIDDEN',
      );
    return p;
  }

  /**
   * What a verified launch grants a person (or the link of their account, later): the course's cohort, made on
   * its first launch; the instructor role where the connection allows it, or the student's place in the bank
   * (and in the cohort), a sync's suspension lifted. Answers the cohort joined, if any.
   */
  async function admit(
    tx: Tx,
    a: {
      platform: PlatformRow;
      userId: string;
      roles: { learner: boolean; instructor: boolean };
      course: LinkedLaunch['course'];
      now: Date;
    },
  ): Promise<string | null> {
    const { platform, userId, roles, course, now } = a;
    const contextId = course?.contextId ?? null;
    if (await userDisabled(tx, userId))
      throw refuse('id_token', 'This account is disabled. Contact support.', 'FORBIDDEN');
    // The course maps to a cohort of the bank (made on its first launch, by a learner or an instructor);
    // the addresses of its services are kept as the latest launch names them.
    let cohortId: string | null = null;
    if (course) {
      const { contextId, title, services } = course;
      await lockKey(tx, courseKey(platform.id, contextId));
      cohortId =
        (await cohortOfContext(tx, platform.id, contextId)) ??
        (await insertContextCohort(tx, {
          platformId: platform.id,
          productId: platform.productId,
          contextId,
          title: title.slice(0, 200),
          now,
        }));
      await setCourseServices(tx, platform.id, contextId, services);
    }
    if (roles.instructor) {
      await applyStaffRoles(tx, {
        productId: platform.productId,
        userId,
        roles: ['INSTRUCTOR'],
        grantOnly: true,
        actorId: userId,
        now,
        details: { source: 'LMS', platformId: platform.id },
      });
    } else {
      if (contextId) {
        // In the course now: a suspension the roster sync made when they had left is lifted.
        const back = await markPresent(tx, {
          platformId: platform.id,
          productId: platform.productId,
          contextId,
          userIds: [userId],
          now,
        });
        if (back.length > 0)
          await changeStudentHolds(deps, tx, {
            productId: platform.productId,
            students: (await lockStudentHolds(tx, platform.productId, back)).filter(
              (h) => h.hold === 'SUSPENDED',
            ),
            hold: null,
            actorId: userId,
            audit: 'student.restore',
            now,
            details: { source: 'LMS', platformId: platform.id, contextId },
          });
      }
      const outcome = await enrolStudents(tx, {
        productId: platform.productId,
        userIds: [userId],
        cohortId,
        actorId: userId,
        source: 'LMS',
        now,
        details: { platformId: platform.id, contextId },
      });
      if (outcome.held.length > 0)
        throw refuse('id_token', 'Your access to this QBank is on hold: ask your instructor.', 'FORBIDDEN');
    }
    return cohortId;
  }

  return {
    /**
     * OIDC third-party login initiation: a state (bound to this browser by a cookie) and a nonce are kept, and
     * the browser goes on to the platform's authorisation endpoint, which posts the id_token to the launch.
     */
    async login(
      input: {
        iss: string;
        login_hint: string;
        target_link_uri: string;
        lti_message_hint?: string | undefined;
        client_id?: string | undefined;
        lti_deployment_id?: string | undefined;
        lti_storage_target?: string | undefined;
      },
      browserCookie: string | undefined,
    ): Promise<{
      redirect: string;
      browser: string;
      /** Inside a frame: what to keep in the platform's storage (its frame, origin, key and value) first. */
      storage: { target: string; origin: string; key: string; value: string } | null;
    }> {
      const platform = await platformFor(input.iss, input.client_id);
      if (!withinTool(input.target_link_uri))
        throw refuse('target_link_uri', 'target_link_uri must be an address of this QBank Cloud.');
      if (
        input.lti_deployment_id &&
        platform.deploymentIds.length > 0 &&
        !platform.deploymentIds.includes(input.lti_deployment_id)
      )
        throw refuse('lti_deployment_id', 'This deployment is not registered for the QBank.', 'FORBIDDEN');
      const state = randomToken();
      const nonce = randomToken();
      const browser = browserCookie && browserCookie.length >= 32 ? browserCookie : randomToken();
      const now = clock.now();
      const storageTarget = input.lti_storage_target?.trim() || null;
      await insertLogin(db, {
        stateHash: sha256Hex(state),
        platformId: platform.id,
        nonce,
        browserHash: sha256Hex(browser),
        storageTarget,
        expiresAt: new Date(now.getTime() + LOGIN_TTL_MS),
      });
      const url = new URL(platform.authLoginUrl);
      const params = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: `${origin}/api/v2/lti/launch`,
        login_hint: input.login_hint,
        state,
        nonce,
        ...(input.lti_message_hint ? { lti_message_hint: input.lti_message_hint } : {}),
      };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return {
        redirect: url.toString(),
        browser,
        storage: storageTarget
          ? {
              target: storageTarget,
              origin: new URL(platform.authLoginUrl).origin,
              key: storageKey(state),
              value: browser,
            }
          : null,
      };
    },

    /**
     * The platform's id_token: the state must be live, unused and this browser's; the token signed by the
     * platform's key, for this tool, recent, with the login's nonce, a registered deployment, a resource link
     * launch of LTI 1.3 and a target within the tool. Then, in one transaction, the person's account (made for a
     * new person, never linked by e-mail alone), their place in the bank (a student, or an instructor where the
     * connection allows), the course's cohort, and a one-time code for the browser to enter with.
     */
    async launch(
      input: { id_token: string; state: string; browser?: string | undefined },
      browser: {
        cookie: string | undefined;
        /** The request's Origin header: the second post of a framed launch comes from the tool's own page. */
        origin: string | undefined;
        /** Whether the launch is shown inside a frame of the platform's page (Sec-Fetch-Dest). */
        framed: boolean;
      },
    ): Promise<LaunchOutcome> {
      const now = clock.now();
      const stateHash = sha256Hex(input.state);
      const login = await findLogin(db, stateHash);
      if (!login)
        throw refuse('state', 'This launch was not started here: open the link in your course again.');
      if (login.used_at)
        throw refuse('state', 'This launch was used already: open the link in your course again.');
      if (login.expires_at <= now)
        throw refuse('state', 'This launch has expired: open the link in your course again.');
      const byCookie = !!browser.cookie && sha256Hex(browser.cookie) === login.browser_hash;
      if (!byCookie) {
        // Inside a frame the cookie may be blocked: the browser's secret is in the platform's storage, read back
        // by the tool's own page (a post from anywhere else is refused: the secret proves nothing there).
        if (login.storage_target && input.browser === undefined) {
          const platform = await findPlatform(db, login.platform_id);
          if (platform)
            return {
              kind: 'checkStorage',
              target: login.storage_target,
              origin: new URL(platform.authLoginUrl).origin,
              key: storageKey(input.state),
            };
        }
        const fromToolPage = browser.origin === origin;
        if (
          !login.storage_target ||
          !fromToolPage ||
          !input.browser ||
          sha256Hex(input.browser) !== login.browser_hash
        )
          throw refuse(
            'state',
            'This launch was started in another browser: open the link in your course again.',
          );
      }
      const framed = browser.framed || login.storage_target !== null;
      const platform = await findPlatform(db, login.platform_id);
      if (!platform?.enabled)
        throw refuse(
          'state',
          'The connection with this platform is disabled by the QBank’s admins.',
          'FORBIDDEN',
        );

      const fail = async (
        field: string,
        message: string,
        code: keyof typeof ErrorCode = 'UNAUTHENTICATED',
      ) => {
        await recordLaunchError(db, platform.id, message, now);
        return refuse(field, message, code);
      };
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(input.id_token, platformKeySet(platform.keySetUrl), {
          issuer: platform.issuer,
          audience: platform.clientId,
          algorithms: ['RS256'],
          maxTokenAge: MAX_TOKEN_AGE_S,
          clockTolerance: CLOCK_TOLERANCE_S,
          currentDate: now,
          requiredClaims: ['sub', 'iat', 'exp', 'nonce'],
        }));
      } catch (e) {
        throw await fail('id_token', tokenProblem(e));
      }
      if (typeof claims.iat === 'number' && claims.iat > now.getTime() / 1000 + CLOCK_TOLERANCE_S)
        throw await fail('id_token', "The launch's iat does not match this connection.");
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== platform.clientId)
        throw await fail('id_token', "The launch's azp does not match this connection.");
      if (claims.nonce !== login.nonce)
        throw await fail('id_token', "The launch's nonce does not match its login.");
      if (claims[LTI_CLAIM.version] !== '1.3.0')
        throw await fail('id_token', 'Only LTI 1.3 launches are taken.', 'VALIDATION');
      const messageType = claims[LTI_CLAIM.messageType];
      if (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest')
        throw await fail('id_token', 'Only resource link and deep linking launches are taken.', 'VALIDATION');
      const deepLinking = messageType === 'LtiDeepLinkingRequest';
      const deployment = claims[LTI_CLAIM.deploymentId];
      // A platform registered without a deployment id takes the first one a verified launch names.
      if (
        typeof deployment === 'string' &&
        platform.deploymentIds.length === 0 &&
        (await adoptDeployment(db, platform.id, deployment.slice(0, 255)))
      )
        platform.deploymentIds = [deployment.slice(0, 255)];
      if (typeof deployment !== 'string' || !platform.deploymentIds.includes(deployment))
        throw await fail('id_token', 'This deployment is not registered for the QBank.', 'FORBIDDEN');
      const target = claims[LTI_CLAIM.targetLinkUri];
      if (typeof target !== 'string' || !withinTool(target))
        throw await fail(
          'id_token',
          'The launch’s target is not an address of this QBank Cloud.',
          'VALIDATION',
        );
      const roles = rolesOf(claims[LTI_CLAIM.roles]);
      if (roles.instructor && !platform.instructorsAllowed)
        throw await fail(
          'id_token',
          'This connection does not let course instructors in: ask the QBank’s admins to allow it.',
          'FORBIDDEN',
        );
      if (!roles.learner && !roles.instructor)
        throw await fail(
          'id_token',
          'Only a course’s learners (and instructors, where allowed) can enter.',
          'FORBIDDEN',
        );
      // Deep linking: an instructor places the bank in the course; the platform says where to hand it back.
      let returnTo: { url: string; data: string | null } | null = null;
      if (deepLinking) {
        if (!roles.instructor)
          throw await fail(
            'id_token',
            'Only a course’s instructors place QBank Cloud in a course.',
            'FORBIDDEN',
          );
        const settings = claims[LTI_DL_CLAIM.settings] as
          | { deep_link_return_url?: unknown; accept_types?: unknown; data?: unknown }
          | undefined;
        const url = platformUrl(settings?.deep_link_return_url);
        if (!url) throw await fail('id_token', 'The deep linking launch names no return URL.', 'VALIDATION');
        if (Array.isArray(settings?.accept_types) && !settings.accept_types.includes('ltiResourceLink'))
          throw await fail(
            'id_token',
            'The platform does not take links to resources here: QBank Cloud places only those.',
            'VALIDATION',
          );
        returnTo = { url, data: typeof settings?.data === 'string' ? settings.data.slice(0, 4000) : null };
      }
      const custom = claims[LTI_DL_CLAIM.custom] as Record<string, unknown> | undefined;
      const placed =
        typeof custom?.[PLACED_ASSIGNMENT] === 'string' &&
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(custom[PLACED_ASSIGNMENT])
          ? (custom[PLACED_ASSIGNMENT] as string)
          : null;
      const resourceLink = claims[LTI_CLAIM.resourceLink] as { id?: unknown } | undefined;
      const subject = claims.sub!;
      const context = claims[LTI_CLAIM.context] as
        | { id?: unknown; title?: unknown; label?: unknown }
        | undefined;
      const contextId = typeof context?.id === 'string' ? context.id.slice(0, 255) : null;
      const title =
        (typeof context?.title === 'string' && context.title.trim()) ||
        (typeof context?.label === 'string' && context.label.trim()) ||
        (contextId ? `Course ${contextId}` : '');
      const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : null;
      const services = {
        membershipsUrl: platformUrl(
          (claims[LTI_CLAIM.namesRoleService] as { context_memberships_url?: unknown } | undefined)
            ?.context_memberships_url,
        ),
        lineItemsUrl: platformUrl(
          (claims[LTI_CLAIM.gradeService] as { lineitems?: unknown } | undefined)?.lineitems,
        ),
      };
      const lineItemUrl = platformUrl(
        (claims[LTI_CLAIM.gradeService] as { lineitem?: unknown } | undefined)?.lineitem,
      );
      const name = (k: string, fallback: string) => {
        const v = claims[k];
        return typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : fallback;
      };

      const code = randomToken();
      const result = await db.transaction(async (tx) => {
        // The nonce and state are spent here, whatever follows: a replay finds them used.
        if (!(await useLogin(tx, stateHash, now)))
          throw refuse('state', 'This launch was used already: open the link in your course again.');
        // One launch of a person at a time, so two first launches make one account.
        await lockKey(tx, identityKey(platform.issuer, subject));
        let userId = await userOfIdentity(tx, platform.issuer, subject);
        let created = false;
        if (!userId) {
          // An address never links accounts by itself: the person proves the account by signing in, once.
          if (email && (await emailTaken(tx, email))) {
            const launch: LinkedLaunch = {
              roles,
              course: contextId ? { contextId, title, services } : null,
            };
            await insertLinkRequest(tx, {
              codeHash: sha256Hex(code),
              platformId: platform.id,
              subject,
              email,
              browserHash: login.browser_hash,
              launch,
              expiresAt: new Date(now.getTime() + LINK_TTL_MS),
            });
            return { kind: 'link' as const, userId: null, created: false, cohortId: null };
          }
          userId = await insertLtiUser(tx, {
            email: email ?? placeholderEmail(platform.issuer, subject),
            firstName: name('given_name', 'Learner'),
            lastName: name('family_name', ''),
            now,
          });
          await insertIdentity(tx, platform.issuer, subject, userId, now);
          created = true;
          await appendAudit(tx, {
            actorId: userId,
            productId: platform.productId,
            action: 'lti.account.create',
            details: { userId, platformId: platform.id, issuer: platform.issuer, email },
            at: now,
          });
        }
        const cohortId = await admit(tx, {
          platform,
          userId,
          roles,
          course: contextId ? { contextId, title, services } : null,
          now,
        });
        await setLastUsedProduct(tx, userId, platform.productId, now);
        await recordLaunch(tx, platform.id, now);
        if (returnTo) {
          // The picker's code: the page the platform shows next, in its frame or window, for half an hour.
          await insertDeepLink(tx, {
            codeHash: sha256Hex(code),
            platformId: platform.id,
            userId,
            deploymentId: deployment,
            contextId,
            returnUrl: returnTo.url,
            data: returnTo.data,
            expiresAt: new Date(now.getTime() + DEEP_LINK_TTL_MS),
          });
          return { kind: 'deepLink' as const, userId, created, cohortId };
        }
        // A placed link opens its assignment: its results for an instructor, its page (to start it) for a learner.
        const assignmentId =
          placed && contextId
            ? await notePlacementLaunch(tx, {
                platformId: platform.id,
                contextId,
                assignmentId: placed,
                resourceLinkId: typeof resourceLink?.id === 'string' ? resourceLink.id.slice(0, 255) : null,
                lineItemUrl,
              })
            : null;
        await insertEntryCode(tx, {
          codeHash: sha256Hex(code),
          userId,
          productId: platform.productId,
          landing: assignmentId
            ? roles.instructor
              ? `/assignments/${assignmentId}`
              : `/my-assignments/${assignmentId}`
            : null,
          expiresAt: new Date(now.getTime() + (framed ? FRAMED_ENTRY_CODE_TTL_MS : ENTRY_CODE_TTL_MS)),
        });
        return { kind: 'enter' as const, userId, created, cohortId };
      });
      const product = await findProduct(db, platform.productId);
      return {
        ...result,
        code,
        framed,
        productId: platform.productId,
        productName: product?.name ?? 'QBank Cloud',
      };
    },

    /**
     * From inside a course's frame (where the tool's cookie may not be kept): the link request is this browser's
     * (its secret, posted by the tool's own page into a new window), so the new window takes the cookie.
     */
    async openLinkWindow(code: string, browserSecret: string) {
      const now = clock.now();
      const req = await findLinkRequest(db, sha256Hex(code));
      if (!req || req.used_at || req.expires_at <= now || sha256Hex(browserSecret) !== req.browser_hash)
        throw refuse(
          'code',
          'This link has expired or was used: open QBank Cloud from your course again.',
          'NOT_FOUND',
        );
    },

    /** What a link request asks of the person who launched: the bank, the platform and the address. */
    async linkPreview(code: string) {
      const now = clock.now();
      const req = await findLinkRequest(db, sha256Hex(code));
      if (!req || req.used_at || req.expires_at <= now)
        throw refuse(
          'code',
          'This link has expired or was used: open QBank Cloud from your course again.',
          'NOT_FOUND',
        );
      const platform = await findPlatform(db, req.platform_id);
      const product = platform && (await findProduct(db, platform.productId));
      if (!platform || !product)
        throw refuse('code', 'This course platform is no longer connected.', 'NOT_FOUND');
      return {
        productName: product.name,
        platform: new URL(platform.issuer).host,
        email: req.email,
        expiresAt: req.expires_at.toISOString(),
      };
    },

    /**
     * The signed-in person links the course's account to theirs (proved by signing in, in the browser that
     * launched), once: the identity is theirs from now on, and the launch is granted as it would have been.
     */
    async link(actorId: string, code: string, browserCookie: string | undefined) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const req = browserCookie
          ? await useLinkRequest(tx, sha256Hex(code), sha256Hex(browserCookie), now)
          : null;
        if (!req)
          throw refuse(
            'code',
            'This link has expired, was used, or was opened in another browser: open QBank Cloud from your course again.',
            'NOT_FOUND',
          );
        const platform = await findPlatform(tx, req.platform_id);
        if (!platform?.enabled)
          throw refuse(
            'code',
            'The connection with this platform is disabled by the QBank’s admins.',
            'FORBIDDEN',
          );
        const launch = req.launch as unknown as LinkedLaunch;
        if (launch.roles.instructor && !platform.instructorsAllowed)
          throw refuse(
            'code',
            'This connection does not let course instructors in: ask the QBank’s admins to allow it.',
            'FORBIDDEN',
          );
        await lockKey(tx, identityKey(platform.issuer, req.subject));
        const linked = await userOfIdentity(tx, platform.issuer, req.subject);
        if (linked && linked !== actorId)
          throw refuse(
            'code',
            'This course account is linked to another QBank Cloud account already.',
            'CONFLICT',
          );
        if (!linked) {
          await insertIdentity(tx, platform.issuer, req.subject, actorId, now);
          await appendAudit(tx, {
            actorId,
            productId: platform.productId,
            action: 'lti.account.link',
            details: { userId: actorId, platformId: platform.id, issuer: platform.issuer, email: req.email },
            at: now,
          });
        }
        await admit(tx, { platform, userId: actorId, roles: launch.roles, course: launch.course, now });
        await setLastUsedProduct(tx, actorId, platform.productId, now);
        await recordLaunch(tx, platform.id, now);
        return { productUuid: platform.productId };
      });
    },

    /** The entry code, once and within its minute: the person's session. */
    async enter(
      code: string,
      who: { previousSessionId: string | undefined; client: { ip: string; userAgent: string | null } },
    ) {
      const now = clock.now();
      const entry = await db.transaction((tx) => useEntryCode(tx, sha256Hex(code), now));
      if (!entry)
        throw refuse('code', 'This link has expired or was used: open QBank Cloud from your course again.');
      const session = await openSession(db, {
        userId: entry.user_id,
        previousSessionId: who.previousSessionId,
        client: who.client,
        now,
      });
      return { session, productId: entry.product_id, landing: entry.landing ?? '/dashboard' };
    },
  };
}
