import { Brand, ErrorCode, type LtiRegistrationLink } from '@qbank/contract';
import type { Deps } from '../../deps';
import { appendAudit } from '../../infra/audit';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { type Actor, authorize } from '../../policies';
import { findProduct } from '../store';
import {
  claimRegistrationLink,
  insertPlatform,
  insertRegistrationLink,
  linkRegistration,
  releaseRegistrationLink,
} from './repository';
import { LTI_SCOPE, PlatformServiceError, platformUrl } from './services';

// LTI Dynamic Registration 1.0 (docs/lti.md): an admin makes a one-time registration URL and pastes it into the
// course platform; the platform opens it with its OpenID configuration's address and a registration token; the
// tool reads the configuration, registers itself at the platform's registration endpoint, keeps the connection
// and shows the result, whose Close button tells the platform (postMessage `org.imsglobal.lti.close`).

/** How long a registration URL works. */
export const REGISTRATION_TTL_MS = 60 * 60 * 1000;
const CALL_TIMEOUT_MS = 10_000;

const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

const fail = (message: string) => new PlatformServiceError(message);

async function fetchJson(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch {
    throw fail(`The platform's ${what} could not be reached (${new URL(url).origin}).`);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body || typeof body !== 'object')
    throw fail(
      `The platform's ${what} answered ${res.status}${body?.error ? ` (${String(body.error).slice(0, 100)})` : ''}.`,
    );
  return body;
}

export function ltiRegistrationService(deps: Deps) {
  const { db, clock, config } = deps;
  const origin = new URL(config.publicUrl).origin;

  return {
    /** POST products/{id}/lti/registrations: a registration URL that works once, for an hour. */
    async create(actor: Actor, productId: string, instructorsAllowed: boolean): Promise<LtiRegistrationLink> {
      const product = await findProduct(db, productId);
      if (!product) throw new AppError(ErrorCode.NOT_FOUND, 'No such product', 'id');
      await authorize(actor, 'lti.manage', { productId });
      const token = randomToken();
      const expiresAt = new Date(clock.now().getTime() + REGISTRATION_TTL_MS);
      await insertRegistrationLink(db, {
        tokenHash: sha256Hex(token),
        productId,
        createdBy: actor.userId,
        instructorsAllowed,
        expiresAt,
      });
      return {
        url: `${origin}/api/v2/lti/register?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * GET lti/register, opened by the platform: the link is claimed (once; given back when the platform
     * refuses, so it can be opened again), the platform's configuration read and checked, the tool registered
     * there, and the connection kept with its audit entry. Answers what the page says.
     */
    async register(q: {
      token: string;
      openid_configuration: string;
      registration_token?: string | undefined;
    }) {
      const now = clock.now();
      const tokenHash = sha256Hex(q.token);
      const link = await claimRegistrationLink(db, tokenHash, now);
      if (!link)
        throw new AppError(
          ErrorCode.VALIDATION,
          'This registration link has expired or was used already: make a new one on the QBank’s Course platforms page.',
          'token',
        );
      try {
        const configUrl = platformUrl(q.openid_configuration);
        if (!configUrl) throw fail('The platform’s configuration address must be https.');
        const conf = await fetchJson(
          configUrl,
          { headers: { accept: 'application/json' } },
          'OpenID configuration',
        );
        const issuer = typeof conf.issuer === 'string' ? conf.issuer : '';
        // The configuration speaks for its issuer only when it is served under it.
        if (!platformUrl(issuer) || !configUrl.startsWith(issuer.replace(/\/$/, '')))
          throw fail('The platform’s configuration names an issuer it is not served from.');
        const urls = {
          authLoginUrl: platformUrl(conf.authorization_endpoint),
          authTokenUrl: platformUrl(conf.token_endpoint),
          keySetUrl: platformUrl(conf.jwks_uri),
          registration: platformUrl(conf.registration_endpoint),
        };
        const missing = Object.entries(urls).find(([, v]) => !v);
        if (missing) throw fail(`The platform’s configuration has no usable ${missing[0]} address.`);
        const product = (await findProduct(db, link.product_id))!;
        const registration = {
          application_type: 'web',
          response_types: ['id_token'],
          grant_types: ['implicit', 'client_credentials'],
          initiate_login_uri: `${origin}/api/v2/lti/login`,
          redirect_uris: [`${origin}/api/v2/lti/launch`],
          client_name: `${Brand.name}: ${product.name}`,
          jwks_uri: `${origin}/api/v2/lti/jwks`,
          token_endpoint_auth_method: 'private_key_jwt',
          scope: [LTI_SCOPE.memberships, LTI_SCOPE.lineItems, LTI_SCOPE.scores].join(' '),
          [TOOL_CONFIGURATION]: {
            domain: new URL(origin).host,
            target_link_uri: `${origin}/dashboard`,
            claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
            messages: [
              { type: 'LtiResourceLinkRequest', label: product.name },
              // An instructor places a test from the course's editor (deep linking).
              {
                type: 'LtiDeepLinkingRequest',
                target_link_uri: `${origin}/api/v2/lti/launch`,
                label: `Place a test from ${product.name}`,
                placements: ['ContentArea'],
                supported_types: ['ltiResourceLink'],
              },
            ],
          },
        };
        const answer = await fetchJson(
          urls.registration!,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              ...(q.registration_token ? { authorization: `Bearer ${q.registration_token}` } : {}),
            },
            body: JSON.stringify(registration),
          },
          'registration endpoint',
        );
        const clientId = typeof answer.client_id === 'string' ? answer.client_id.slice(0, 255) : '';
        if (!clientId) throw fail('The platform’s registration answer has no client_id.');
        const toolConf = answer[TOOL_CONFIGURATION] as { deployment_id?: unknown } | undefined;
        const deployment =
          typeof toolConf?.deployment_id === 'string' ? toolConf.deployment_id.slice(0, 255) : null;
        const platformName =
          ((conf[PLATFORM_CONFIGURATION] as { product_family_code?: unknown } | undefined)
            ?.product_family_code as string | undefined) ?? new URL(issuer).host;
        const platform = await db.transaction(async (tx) => {
          const p = await insertPlatform(tx, {
            productId: link.product_id,
            issuer,
            clientId,
            deploymentIds: deployment ? [deployment] : [],
            authLoginUrl: urls.authLoginUrl!,
            authTokenUrl: urls.authTokenUrl!,
            keySetUrl: urls.keySetUrl!,
            instructorsAllowed: link.instructors_allowed,
          });
          if (!p)
            throw new AppError(
              ErrorCode.CONFLICT,
              'This platform (issuer and client id) is connected already.',
              'clientId',
            );
          await linkRegistration(tx, tokenHash, p.id);
          await appendAudit(tx, {
            actorId: link.created_by,
            productId: link.product_id,
            action: 'lti.platform.add',
            details: {
              platformId: p.id,
              source: 'dynamic registration',
              before: null,
              after: {
                issuer,
                clientId,
                deploymentIds: p.deploymentIds,
                instructorsAllowed: p.instructorsAllowed,
                enabled: true,
              },
            },
            at: now,
          });
          return p;
        });
        return { platform, productName: product.name, platformName: String(platformName).slice(0, 100) };
      } catch (e) {
        await releaseRegistrationLink(db, tokenHash);
        throw e;
      }
    },
  };
}
