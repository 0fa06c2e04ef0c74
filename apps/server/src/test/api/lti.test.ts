import { LTI_CLAIM } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../lib/clock';
import type { TestClient } from '../client';
import { buildProduct, buildUser, signedIn } from '../factories';
import { ltiSteps } from '../lti-launch';
import { INSTRUCTOR, LEARNER, type LtiPlatformEmulator, startLtiPlatform } from '../lti-platform';
import { appForFile, createTestApp } from '../test-app';

// LTI 1.3 (docs/lti.md): an admin connects a course platform; a launch from a course signs the person in to the
// bank, in the course's cohort, by a one-time code; every check of the launch refuses what it must, and a refused
// launch leaves nothing behind. The platform is an emulator over real HTTP (its key set), the tests its browser.

const TOOL = 'http://localhost:3000';
const clock = testClock(new Date());
const t = appForFile(() => createTestApp({ clock }));
beforeEach(() => clock.set(new Date()));

let lms: LtiPlatformEmulator;
beforeAll(async () => {
  lms = await startLtiPlatform({ toolOrigin: TOOL });
});
afterAll(() => lms.close());

const { connect, connectedBank, startLogin, launch, launchAs } = ltiSteps(t, () => lms, TOOL);

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf(await t.deps.db.execute(q))[0] as T | undefined;
const usersWith = async (email: string) =>
  Number((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`))!.n);

describe('connecting a platform', () => {
  it('an admin connects one, lists it with the tool’s values; a second of the same issuer and client is refused', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Connect bank' });
    const admin = await signedIn(t, { product: product.id, roles: { admin: true } });
    const added = await connect(admin, product.id, { clientId: 'connect-1', instructorsAllowed: true });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      issuer: lms.issuer,
      clientId: 'connect-1',
      enabled: true,
      lastLaunchAt: null,
    });
    const list = await admin.req({ url: `/api/v2/products/${product.id}/lti/platforms` });
    expect(list.body).toHaveLength(1);
    const tool = await admin.req({ url: `/api/v2/products/${product.id}/lti/tool` });
    expect(tool.body).toMatchObject({
      loginUrl: `${TOOL}/api/v2/lti/login`,
      launchUrl: `${TOOL}/api/v2/lti/launch`,
      keySetUrl: `${TOOL}/api/v2/lti/jwks`,
      targetLinkUri: `${TOOL}/dashboard`,
    });
    // Canvas's JSON names the same addresses, and the services' scopes.
    expect(tool.body.canvasConfiguration).toMatchObject({
      title: 'QBank Cloud: Connect bank',
      oidc_initiation_url: `${TOOL}/api/v2/lti/login`,
      redirect_uris: [`${TOOL}/api/v2/lti/launch`],
      public_jwk_url: `${TOOL}/api/v2/lti/jwks`,
      scopes: tool.body.scopes,
    });
    expect(tool.body.scopes).toContain(
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    );
    const again = await connect(admin, product.id, { clientId: 'connect-1' });
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('clientId');
    const audit = await one<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE product_id = ${product.id} AND action LIKE 'lti.%'`,
    );
    expect(audit?.action).toBe('lti.platform.add');
  });

  it('bad input names its field and writes nothing; only the bank’s admins may', async () => {
    const product = await buildProduct(t.deps.db, { name: 'Connect bad bank' });
    const admin = await signedIn(t, { product: product.id, roles: { admin: true } });
    for (const [over, field] of [
      [{ issuer: 'ftp://lms.example.com' }, 'issuer'],
      [{ deploymentIds: [] }, 'deploymentIds'],
      [{ keySetUrl: 'not a url' }, 'keySetUrl'],
      [{ clientId: '' }, 'clientId'],
    ] as const) {
      const res = await connect(admin, product.id, { clientId: 'bad-1', ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const instructor = await signedIn(t, { product: product.id, roles: { questionWriter: true } });
    expect((await connect(instructor, product.id, { clientId: 'bad-2' })).status).toBe(403);
    const other = await buildProduct(t.deps.db, { name: 'Other connect bank' });
    const otherAdmin = await signedIn(t, { product: other.id, roles: { admin: true } });
    expect((await connect(otherAdmin, product.id, { clientId: 'bad-3' })).status).toBe(403);
    expect((await admin.req({ url: `/api/v2/products/${product.id}/lti/platforms` })).body).toEqual([]);
  });

  it('publishes the tool’s key set', async () => {
    const res = await t.client().req({ url: '/api/v2/lti/jwks' });
    expect(res.status).toBe(200);
    const keys = (res.body as { keys: Array<{ kid: string; kty: string; d?: string }> }).keys;
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]!.d).toBeUndefined(); // never the private part
  });
});

describe('a launch', () => {
  it('signs a new learner in to the bank, in the course’s cohort, by a one-time code; a second launch finds them', async () => {
    const { product, clientId, platform } = await connectedBank();
    const browser = t.client();
    const authUrl = await startLogin(browser, clientId);
    const login = new URL(authUrl);
    expect(login.origin + login.pathname).toBe(lms.authLoginUrl);
    expect(Object.fromEntries(login.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: clientId,
      redirect_uri: `${TOOL}/api/v2/lti/launch`,
      login_hint: 'hint-1',
    });
    const email = `learner.${clientId}@school.example.com`;
    const token = await lms.idToken(authUrl, { claims: { aud: clientId, sub: `s-${clientId}`, email } });
    const launched = await launch(browser, authUrl, token);
    expect(launched.status, launched.text).toBe(303);
    const enter = launched.headers.get('location')!;
    expect(enter).toMatch(/^\/api\/v2\/lti\/enter\?code=/);
    const entered = await browser.req({ url: enter });
    expect(entered.status, entered.text).toBe(303);
    expect(entered.headers.get('location')).toBe('/dashboard');
    const session = await browser.req({ url: '/api/v1/session' });
    expect(session.status).toBe(200);
    const me = session.body.user as {
      username: string;
      firstName: string;
      subscriptions: Array<{ product: { uuid: string }; student: boolean; active: boolean }>;
    };
    expect(me.username).toBe(email);
    expect(me.firstName).toBe('Lena');
    expect(me.subscriptions.find((s) => s.product.uuid === product.id)).toMatchObject({
      student: true,
      active: true,
    });
    const cohort = await one<{ name: string; members: number }>(sql`
      SELECT c.name, (SELECT count(*)::int FROM cohort_members m WHERE m.cohort_id = c.id) AS members
      FROM cohorts c WHERE c.product_id = ${product.id}`);
    expect(cohort).toEqual({ name: 'Cardiology 101', members: 1 });
    // The code opens one session only.
    expect((await t.client().req({ url: enter })).status).toBe(400);

    // Another launch of the same person: the same account, the same cohort.
    const again = await launchAs(t.client(), clientId, { sub: `s-${clientId}`, email });
    expect(again.status, again.text).toBe(303);
    expect(await usersWith(email)).toBe(1);
    const listed = await one<{ last_launch_at: Date | null; last_error: string | null }>(
      sql`SELECT last_launch_at, last_error FROM lti_platforms WHERE id = ${platform.uuid}`,
    );
    expect(listed?.last_launch_at).not.toBeNull();
    expect(listed?.last_error).toBeNull();
  });

  it('an entry code lives one minute', async () => {
    const { clientId } = await connectedBank();
    const browser = t.client();
    const launched = await launchAs(browser, clientId, {
      sub: `late-${clientId}`,
      email: `late.${clientId}@school.example.com`,
    });
    expect(launched.status, launched.text).toBe(303);
    clock.set(new Date(Date.now() + 61_000));
    const res = await browser.req({ url: launched.headers.get('location')! });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('code');
  });

  it('an instructor of a course enters as an instructor where the connection allows it', async () => {
    const { product, clientId } = await connectedBank({ instructorsAllowed: true });
    const browser = t.client();
    const res = await launchAs(browser, clientId, {
      sub: `teacher-${clientId}`,
      email: `teacher.${clientId}@school.example.com`,
      'https://purl.imsglobal.org/spec/lti/claim/roles': [INSTRUCTOR],
    });
    expect(res.status, res.text).toBe(303);
    await browser.req({ url: res.headers.get('location')! });
    const me = (await browser.req({ url: '/api/v1/session' })).body.user as {
      subscriptions: Array<{ product: { uuid: string }; instructor: boolean; student: boolean }>;
    };
    expect(me.subscriptions.find((s) => s.product.uuid === product.id)).toMatchObject({
      instructor: true,
      student: false,
    });
  });
});

describe('refusals: each leaves no account behind', () => {
  const refused = async (
    name: string,
    make: (
      clientId: string,
      browser: TestClient,
    ) => Promise<{ status: number; body: { field?: string }; text: string }>,
    expected: { status: number; field: string },
  ) => {
    it(name, async () => {
      const { clientId } = await connectedBank();
      const before = Number((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))!.n);
      const res = await make(clientId, t.client());
      expect(res.status, res.text).toBe(expected.status);
      expect(res.body.field).toBe(expected.field);
      expect(Number((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))!.n)).toBe(before);
    });
  };

  refused(
    'a wrong signature',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      return launch(
        browser,
        authUrl,
        await lms.idToken(authUrl, { claims: { aud: clientId }, signWith: 'stranger' }),
      );
    },
    { status: 401, field: 'id_token' },
  );
  refused(
    'an unknown kid',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      return launch(
        browser,
        authUrl,
        await lms.idToken(authUrl, { claims: { aud: clientId }, kid: 'nobody' }),
      );
    },
    { status: 401, field: 'id_token' },
  );
  refused(
    'an expired token',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      const old = Math.floor(Date.now() / 1000) - 600;
      return launch(
        browser,
        authUrl,
        await lms.idToken(authUrl, { claims: { aud: clientId }, iat: old, exp: old + 60 }),
      );
    },
    { status: 401, field: 'id_token' },
  );
  refused(
    'a token issued in the future',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      const later = Math.floor(Date.now() / 1000) + 120;
      return launch(
        browser,
        authUrl,
        await lms.idToken(authUrl, { claims: { aud: clientId }, iat: later, exp: later + 300 }),
      );
    },
    { status: 401, field: 'id_token' },
  );
  refused(
    'a wrong audience',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      return launch(browser, authUrl, await lms.idToken(authUrl, { claims: { aud: 'another-tool' } }));
    },
    { status: 401, field: 'id_token' },
  );
  refused(
    'a nonce that is not the login’s',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      return launch(
        browser,
        authUrl,
        await lms.idToken(authUrl, { claims: { aud: clientId, nonce: 'other' } }),
      );
    },
    { status: 401, field: 'id_token' },
  );
  refused(
    'an unregistered deployment',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      return launch(
        browser,
        authUrl,
        await lms.idToken(authUrl, {
          claims: {
            aud: clientId,
            'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-9',
          },
        }),
      );
    },
    { status: 403, field: 'id_token' },
  );
  refused(
    'a state this browser did not start',
    async (clientId) => {
      const started = t.client();
      const authUrl = await startLogin(started, clientId);
      return launch(t.client(), authUrl, await lms.idToken(authUrl, { claims: { aud: clientId } }));
    },
    { status: 400, field: 'state' },
  );
  refused(
    'a state never given',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      const token = await lms.idToken(authUrl, { claims: { aud: clientId } });
      return browser.req({
        method: 'POST',
        url: '/api/v2/lti/launch',
        form: { id_token: token, state: 'made-up' },
      });
    },
    { status: 400, field: 'state' },
  );
  refused(
    'a target outside the tool',
    async (clientId, browser) => {
      const authUrl = await startLogin(browser, clientId);
      return launch(
        browser,
        authUrl,
        await lms.idToken(authUrl, {
          claims: {
            aud: clientId,
            'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': 'https://evil.example.com/x',
          },
        }),
      );
    },
    { status: 400, field: 'id_token' },
  );
  refused(
    'a login whose target is outside the tool',
    async (clientId, browser) => {
      const q = new URLSearchParams({
        iss: lms.issuer,
        login_hint: 'h',
        target_link_uri: 'https://evil.example.com/x',
        client_id: clientId,
      });
      return browser.req({ url: `/api/v2/lti/login?${q}` });
    },
    { status: 400, field: 'target_link_uri' },
  );
  refused(
    'an instructor from a connection that does not allow instructors',
    (clientId, browser) =>
      launchAs(browser, clientId, {
        sub: `t-${clientId}`,
        email: `t.${clientId}@school.example.com`,
        'https://purl.imsglobal.org/spec/lti/claim/roles': [INSTRUCTOR],
      }),
    { status: 403, field: 'id_token' },
  );
  refused(
    'a course administrator, who is granted nothing here',
    (clientId, browser) =>
      launchAs(browser, clientId, {
        sub: `a-${clientId}`,
        email: `a.${clientId}@school.example.com`,
        'https://purl.imsglobal.org/spec/lti/claim/roles': [
          'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
        ],
      }),
    { status: 403, field: 'id_token' },
  );

  it('an e-mail that matches an existing account never links by itself: its owner signs in once to link it', async () => {
    const { clientId, product } = await connectedBank();
    const owner = await buildUser(t.deps.db, { email: `owner.${clientId}@school.example.com` });
    const subject = `o-${clientId}`;
    const browser = t.client();
    const res = await launchAs(browser, clientId, {
      sub: subject,
      email: owner.email,
      roles: [LEARNER],
      [LTI_CLAIM.context]: { id: `course-${clientId}`, title: 'Linked course' },
    });
    // No account is made or linked: the browser is sent to sign in to the account the address has.
    expect(res.status, res.text).toBe(303);
    const code = decodeURIComponent(res.headers.get('location')!.replace(/^\/lti\/link\//, ''));
    expect(res.headers.get('location')).toMatch(/^\/lti\/link\/[\w-]+$/);
    expect(await one(sql`SELECT 1 FROM lti_identities WHERE subject = ${subject}`)).toBeUndefined();
    expect(await usersWith(owner.email)).toBe(1);
    const preview = await browser.req({ url: `/api/v2/lti/links/${code}` });
    expect(preview.body).toMatchObject({ productName: product.name, email: owner.email });

    // Another browser (one the link was sent to) cannot use it, even signed in to the account.
    const elsewhere = await signedIn(t, { as: owner });
    const stolen = await elsewhere.req({ method: 'POST', url: `/api/v2/lti/links/${code}` });
    expect(stolen.status).toBe(404);
    expect(stolen.body.field).toBe('code');

    // Signed in, in the browser that launched: linked, enrolled in the course's cohort, once.
    expect((await browser.login(owner.email, owner.password)).status).toBe(200);
    const linked = await browser.req({ method: 'POST', url: `/api/v2/lti/links/${code}` });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body).toEqual({ productUuid: product.id });
    expect(await one(sql`SELECT user_id FROM lti_identities WHERE subject = ${subject}`)).toEqual({
      user_id: owner.id,
    });
    const me = (await browser.req({ url: '/api/v2/users/me' })).body;
    expect(me.subscriptions.map((s: { product: { uuid: string } }) => s.product.uuid)).toContain(product.id);
    expect((await browser.req({ method: 'POST', url: `/api/v2/lti/links/${code}` })).status).toBe(404);
    expect(
      await one(
        sql`SELECT action FROM audit_log WHERE product_id = ${product.id} AND action = 'lti.account.link'`,
      ),
    ).toEqual({ action: 'lti.account.link' });

    // From now on the course's launches enter that account directly.
    const next = await launchAs(t.client(), clientId, { sub: subject, email: owner.email });
    expect(next.status).toBe(303);
    expect(next.headers.get('location')).toMatch(/^\/api\/v2\/lti\/enter\?code=/);
  });

  it('a replayed launch (the same token and state again) is refused', async () => {
    const { clientId } = await connectedBank();
    const browser = t.client();
    const authUrl = await startLogin(browser, clientId);
    const token = await lms.idToken(authUrl, {
      claims: { aud: clientId, sub: `r-${clientId}`, email: `r.${clientId}@school.example.com` },
    });
    expect((await launch(browser, authUrl, token)).status).toBe(303);
    const replay = await launch(browser, authUrl, token);
    expect(replay.status).toBe(400);
    expect(replay.body.field).toBe('state');
  });

  it('a refused token is the connection’s last error; a disabled connection refuses logins', async () => {
    const { admin, clientId, platform } = await connectedBank();
    const browser = t.client();
    const authUrl = await startLogin(browser, clientId);
    await launch(
      browser,
      authUrl,
      await lms.idToken(authUrl, { claims: { aud: clientId }, signWith: 'stranger' }),
    );
    const list = await admin.req({
      url: `/api/v2/products/${platform.productUuid}/lti/platforms`,
    });
    expect(list.body[0].lastError).toMatch(/signature/);
    // Another bank's admin cannot find the platform, let alone change it.
    const other = await buildProduct(t.deps.db, { name: `Other LTI bank ${clientId}` });
    const stranger = await signedIn(t, { product: other.id, roles: { admin: true } });
    for (const req of [
      { method: 'POST', url: `/api/v2/ltiPlatforms/${platform.uuid}/enabled`, json: { enabled: false } },
      { method: 'DELETE', url: `/api/v2/ltiPlatforms/${platform.uuid}` },
    ] as const) {
      const res = await stranger.req(req);
      expect([res.status, res.body.field]).toEqual([404, 'id']);
    }
    const off = await admin.req({
      method: 'POST',
      url: `/api/v2/ltiPlatforms/${platform.uuid}/enabled`,
      json: { enabled: false },
    });
    expect(off.status, off.text).toBe(200);
    const q = new URLSearchParams({
      iss: lms.issuer,
      login_hint: 'h',
      target_link_uri: `${TOOL}/`,
      client_id: clientId,
    });
    const refusedLogin = await t.client().req({ url: `/api/v2/lti/login?${q}` });
    expect(refusedLogin.status).toBe(403);
    expect(refusedLogin.body.field).toBe('iss');
  });
});
