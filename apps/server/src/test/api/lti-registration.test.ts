import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import type { TestClient } from '../client';
import { buildProduct, signedIn } from '../factories';
import { ltiSteps } from '../lti-launch';
import { type LtiPlatformEmulator, startLtiPlatform } from '../lti-platform';
import { appForFile, createTestApp } from '../test-app';

// LTI Dynamic Registration (docs/lti.md): an admin makes a one-time registration URL; the platform opens it with
// its OpenID configuration; the tool registers itself there and keeps the connection; the page it shows is the
// platform's to frame, and tells it to close. Refusals leave nothing connected and the link usable.

const TOOL = 'http://localhost:3000';
const clock = testClock(new Date());
const t = appForFile(() => createTestApp({ clock }));
beforeEach(() => clock.set(new Date()));
let lms: LtiPlatformEmulator;
beforeAll(async () => {
  lms = await startLtiPlatform({ toolOrigin: TOOL });
});
afterAll(() => lms.close());
beforeEach(() => {
  lms.refuseRegistration = false;
  lms.registerWithoutDeployment = false;
  lms.registrations.length = 0;
});

const { launchAs } = ltiSteps(t, () => lms, TOOL);

async function bank() {
  const product = await buildProduct(t.deps.db, {
    name: `Registered bank ${Math.random().toString(36).slice(2, 8)}`,
  });
  const admin = await signedIn(t, { product: product.id, roles: { admin: true } });
  return { product, admin };
}

const makeLink = (admin: TestClient, productId: string, json: Record<string, unknown> = {}) =>
  admin.req({ method: 'POST', url: `/api/v2/products/${productId}/lti/registrations`, json });

/** The platform opening the registration URL (the path and query of it), as its window would. */
const open = (url: string, extra: Record<string, string> = {}) => {
  const u = new URL(url);
  const q = new URLSearchParams(u.search);
  q.set('openid_configuration', lms.openidConfiguration);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return t.client().req({ url: `${u.pathname}?${q}` });
};

const platformsOf = async (admin: TestClient, productId: string) =>
  (await admin.req({ url: `/api/v2/products/${productId}/lti/platforms` })).body as {
    issuer: string;
    clientId: string;
    deploymentIds: string[];
    instructorsAllowed: boolean;
  }[];

describe('LTI Dynamic Registration', () => {
  it('the platform that opens an admin’s registration URL is connected, once; its launches then work', async () => {
    const { product, admin } = await bank();
    const made = await makeLink(admin, product.id, { instructorsAllowed: true });
    expect(made.status, made.text).toBe(201);
    expect(made.body.url).toMatch(new RegExp(`^${TOOL}/api/v2/lti/register\\?token=`));
    expect(new Date(made.body.expiresAt).getTime() - clock.now().getTime()).toBe(60 * 60 * 1000);

    const page = await open(made.body.url, { registration_token: 'reg-123' });
    expect(page.status, page.text).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain(`${product.name} is connected`);
    expect(page.text).toContain("postMessage({subject:'org.imsglobal.lti.close'}");
    // The platform frames it; its one script runs by its hash, nothing else does.
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'sha256-");

    // What the tool registered at the platform.
    expect(lms.registrations).toHaveLength(1);
    const [reg] = lms.registrations;
    expect(reg!.authorization).toBe('Bearer reg-123');
    expect(reg!.body).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      initiate_login_uri: `${TOOL}/api/v2/lti/login`,
      redirect_uris: [`${TOOL}/api/v2/lti/launch`],
      jwks_uri: `${TOOL}/api/v2/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
      'https://purl.imsglobal.org/spec/lti-tool-configuration': {
        domain: 'localhost:3000',
        target_link_uri: `${TOOL}/dashboard`,
      },
    });
    expect(String(reg!.body.scope)).toContain('contextmembership.readonly');

    const [platform] = await platformsOf(admin, product.id);
    expect(platform).toMatchObject({
      issuer: lms.issuer,
      deploymentIds: [lms.deploymentId],
      instructorsAllowed: true,
    });
    expect(platform!.clientId).toMatch(/^dyn-client-1-/);
    const audit = rowsOf(
      await t.deps.db.execute(sql`SELECT actor_id, details FROM audit_log
        WHERE product_id = ${product.id} AND action = 'lti.platform.add'`),
    ) as { actor_id: string; details: { source: string } }[];
    expect(audit).toEqual([
      { actor_id: admin.user.id, details: expect.objectContaining({ source: 'dynamic registration' }) },
    ]);

    // Once only.
    const again = await open(made.body.url);
    expect(again.status).toBe(400);
    expect(again.text).toContain('This registration link has expired or was used already');
    expect(lms.registrations).toHaveLength(1);

    // A learner's launch through the registered connection.
    const launched = await launchAs(t.client(), platform!.clientId, {
      sub: 'reg-learner-1',
      email: 'reg1@school.example.com',
    });
    expect(launched.status, launched.text).toBe(303);
  });

  it('a platform that refuses, or an address that is not its own, connects nothing and leaves the link usable', async () => {
    const { product, admin } = await bank();
    const { url } = (await makeLink(admin, product.id)).body as { url: string };
    lms.refuseRegistration = true;
    const refused = await open(url);
    expect(refused.status).toBe(502);
    expect(refused.text).toContain('The platform&#39;s registration endpoint answered 400');
    const elsewhere = await open(url, {
      openid_configuration: 'http://example.com/.well-known/openid-configuration',
    });
    expect(elsewhere.status).toBe(502);
    expect(elsewhere.text).toContain('must be https');
    const unreachable = await open(url, {
      openid_configuration: 'http://127.0.0.1:9/.well-known/openid-configuration',
    });
    expect(unreachable.status).toBe(502);
    expect(unreachable.text).toContain('could not be reached');
    expect(await platformsOf(admin, product.id)).toEqual([]);

    lms.refuseRegistration = false;
    expect((await open(url)).status).toBe(200);
    expect(await platformsOf(admin, product.id)).toHaveLength(1);
  });

  it('a link past its hour is refused; only the bank’s admins make links', async () => {
    const { product, admin } = await bank();
    const { url } = (await makeLink(admin, product.id)).body as { url: string };
    clock.advance(60 * 60 * 1000 + 1);
    const late = await open(url);
    expect(late.status).toBe(400);
    expect(lms.registrations).toHaveLength(0);

    const writer = await signedIn(t, { product: product.id, roles: { questionWriter: true } });
    expect((await makeLink(writer, product.id)).status).toBe(403);
    const other = await bank();
    expect((await makeLink(other.admin, product.id)).status).toBe(403);
    expect((await makeLink(admin, product.id, { instructorsAllowed: 'yes' })).body.field).toBe(
      'instructorsAllowed',
    );
  });

  it('registered without a deployment id, the connection takes the first its verified launches name', async () => {
    const { product, admin } = await bank();
    lms.registerWithoutDeployment = true;
    const { url } = (await makeLink(admin, product.id)).body as { url: string };
    expect((await open(url)).status).toBe(200);
    const [before] = await platformsOf(admin, product.id);
    expect(before!.deploymentIds).toEqual([]);
    expect((await launchAs(t.client(), before!.clientId, { sub: 'reg-learner-2' })).status).toBe(303);
    const [after] = await platformsOf(admin, product.id);
    expect(after!.deploymentIds).toEqual([lms.deploymentId]);
    const other = await launchAs(t.client(), before!.clientId, {
      sub: 'reg-learner-3',
      email: 'reg3@school.example.com',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-2',
    });
    expect(other.status).toBe(403);
  });
});
