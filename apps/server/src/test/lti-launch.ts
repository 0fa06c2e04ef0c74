import { afterAll, beforeAll, expect } from 'vitest';
import type { TestClient } from './client';
import { buildProduct, signedIn } from './factories';
import { type LtiPlatformEmulator, startLtiPlatform } from './lti-platform';
import type { TestApp } from './test-app';

// The steps of the LTI tests: connecting the emulated platform to a bank, and a browser's login and launch
// between the platform and the tool.

/**
 * The emulated platform of a test file: started before its tests, its token endpoint checking the tool's
 * assertions against the tool's key set; closed after them.
 */
export function platformForFile(t: TestApp, tool: string): () => LtiPlatformEmulator {
  let lms: LtiPlatformEmulator | null = null;
  beforeAll(async () => {
    lms = await startLtiPlatform({
      toolOrigin: tool,
      toolKeySet: async () => (await t.client().req({ url: '/api/v2/lti/jwks' })).body,
    });
  });
  afterAll(() => lms?.close());
  return () => lms!;
}

export function ltiSteps(t: TestApp, lms: () => LtiPlatformEmulator, tool: string) {
  const connect = async (c: TestClient, productId: string, over: Record<string, unknown> = {}) =>
    c.req({
      method: 'POST',
      url: `/api/v2/products/${productId}/lti/platforms`,
      json: {
        issuer: lms().issuer,
        clientId: lms().clientId,
        deploymentIds: [lms().deploymentId],
        authLoginUrl: lms().authLoginUrl,
        authTokenUrl: lms().authTokenUrl,
        keySetUrl: lms().keySetUrl,
        ...over,
      },
    });

  /** A bank with the emulator connected (a fresh client id per bank, so each test has its own connection). */
  async function connectedBank(over: Record<string, unknown> = {}) {
    const product = await buildProduct(t.deps.db, {
      name: `LTI bank ${Math.random().toString(36).slice(2, 8)}`,
    });
    const admin = await signedIn(t, { product: product.id, roles: { admin: true } });
    const clientId = `client-${product.id.slice(0, 8)}`;
    const res = await connect(admin, product.id, { clientId, ...over });
    expect(res.status, res.text).toBe(201);
    return { product, admin, clientId, platform: res.body as { uuid: string; productUuid: string } };
  }

  /** The browser's login: the tool's redirect to the platform, with its state bound to this browser. */
  async function startLogin(browser: TestClient, clientId: string, over: Record<string, string> = {}) {
    const q = new URLSearchParams({
      iss: lms().issuer,
      login_hint: 'hint-1',
      target_link_uri: `${tool}/dashboard`,
      client_id: clientId,
      ...over,
    });
    const res = await browser.req({ url: `/api/v2/lti/login?${q}` });
    expect(res.status, res.text).toBe(302);
    return res.headers.get('location')!;
  }

  const launch = (browser: TestClient, authUrl: string, idToken: string) =>
    browser.req({
      method: 'POST',
      url: '/api/v2/lti/launch',
      form: { id_token: idToken, state: new URL(authUrl).searchParams.get('state')! },
    });

  /** A whole launch with the emulator's token for it (claims over the defaults); the launch's answer. */
  async function launchAs(browser: TestClient, clientId: string, claims: Record<string, unknown> = {}) {
    const authUrl = await startLogin(browser, clientId);
    const token = await lms().idToken(authUrl, { claims: { aud: clientId, ...claims } });
    return launch(browser, authUrl, token);
  }

  return { connect, connectedBank, startLogin, launch, launchAs };
}
