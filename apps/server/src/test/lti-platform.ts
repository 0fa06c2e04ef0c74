import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';

// A course platform (an LMS) for the LTI tests, over real HTTP: its own key pair and key set, the id_tokens its
// authorisation endpoint would post, a token endpoint that checks the tool's signed assertion against the
// tool's key set, and each course's member list (Names and Role Provisioning), paged, recording every call.
// The tests play the browser between it and the tool.

type Key = Awaited<ReturnType<typeof generateKeyPair>>;

export interface LtiPlatformEmulator {
  issuer: string;
  clientId: string;
  deploymentId: string;
  keySetUrl: string;
  authLoginUrl: string;
  authTokenUrl: string;
  /** How many times the key set was fetched. */
  keySetFetches(): number;
  /** The membership URL of a course, as a launch's claim names it. */
  membershipsUrl(contextId: string): string;
  /** Sets a course's members (the order the list gives them in). */
  setMembers(contextId: string, members: EmulatedMember[]): void;
  /** Members per page of the list (100 unless set). */
  pageSize: number;
  /** The token requests it answered (granted or not), and the member list's calls. */
  tokenRequests: { granted: boolean; scope: string; client?: string; error?: string }[];
  memberCalls: { contextId: string; authorized: boolean; page: number }[];
  /** The address of its OpenID configuration (Dynamic Registration). */
  openidConfiguration: string;
  /** The registrations the tool posted, with the authorization header they came with. */
  registrations: { body: Record<string, unknown>; authorization: string | null }[];
  /** Refuses the next registrations (400), or answers them without a deployment id. */
  refuseRegistration: boolean;
  registerWithoutDeployment: boolean;
  /** The claims (over the defaults) of the id_token the authorisation endpoint posts for a browser. */
  nextLaunch: Record<string, unknown>;
  /** Makes the token endpoint answer this status (a platform that is down), or null to answer again. */
  failTokens: number | null;
  /** The course's line items (Assignment and Grade Services), as a launch's claim names them. */
  lineItemsUrl(contextId: string): string;
  /** Adds a line item to a course (as the platform does for a deep link's lineItem): its address. */
  addLineItem(contextId: string, item: Record<string, unknown>): string;
  /** The line items made (by `addLineItem` or by the tool), and the calls to the course's line items. */
  lineItems: { url: string; contextId: string; item: Record<string, unknown>; byTool: boolean }[];
  /** The scores the tool posted: the line item, the body, whether the token had the score scope. */
  scores: { lineItem: string; body: Record<string, unknown>; authorized: boolean; contentType: string }[];
  /** Makes the scores endpoint answer this status (and record nothing), or null to take them again. */
  failScores: number | null;
  /** Checks a JWT the tool signed (a deep linking response) against the tool's key set: its claims. */
  verifyToolJwt(jwt: string): Promise<JWTPayload>;
  /** An id_token for the login the tool redirected to (`authUrl`), with the claims given over the defaults. */
  idToken(
    authUrl: string,
    o?: {
      claims?: Record<string, unknown>;
      signWith?: 'stranger' | 'platform';
      kid?: string;
      iat?: number;
      exp?: number;
    },
  ): Promise<string>;
  /** The JWTs the tool posted back to the deep linking return URL (`/deep-link-return`). */
  deepLinkReturns: string[];
  /** A course page that shows the tool in a frame whose source is `login` (the tool's login initiation). */
  coursePageUrl(login: string): string;
  close(): Promise<void>;
}

/** A course member as the emulator lists them. */
export interface EmulatedMember {
  user_id: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
  given_name?: string;
  family_name?: string;
  email?: string;
}

export const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
export const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

export async function startLtiPlatform(o: {
  toolOrigin: string;
  /**
   * The host in the platform's addresses: `localhost` makes it another site than a tool on 127.0.0.1 (a
   * browser then treats the tool inside the course page as a third party, as with a real platform).
   */
  host?: '127.0.0.1' | 'localhost';
  clientId?: string;
  /** The tool's key set (the token endpoint checks the tool's assertion with it). */
  toolKeySet?: () => Promise<JSONWebKeySet>;
}): Promise<LtiPlatformEmulator> {
  const platformKey: Key = await generateKeyPair('RS256', { extractable: true });
  const strangerKey: Key = await generateKeyPair('RS256', { extractable: true });
  const kid = 'platform-key-1';
  const jwk: JWK = { ...(await exportJWK(platformKey.publicKey)), kid, alg: 'RS256', use: 'sig' };
  let base = '';
  let fetches = 0;
  const courses = new Map<string, EmulatedMember[]>();
  const granted = new Set<string>();
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => resolve(body));
    });
  const json = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  /** The token endpoint: client credentials with the tool's JWT assertion, checked against the tool's key set. */
  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const scope = form.get('scope') ?? '';
    const refuse = (error: string) => {
      emulator.tokenRequests.push({ granted: false, scope, error });
      json(res, 400, { error });
    };
    if (emulator.failTokens !== null) {
      emulator.tokenRequests.push({ granted: false, scope, error: 'down' });
      json(res, emulator.failTokens, { error: 'temporarily_unavailable' });
      return;
    }
    if (form.get('grant_type') !== 'client_credentials') return refuse('unsupported_grant_type');
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return refuse('invalid_client');
    if (!o.toolKeySet) return refuse('invalid_client');
    // One platform, a client id per bank connected: the assertion's issuer and subject are that client id.
    const assertion = form.get('client_assertion') ?? '';
    let client: string;
    try {
      client = String(decodeJwt(assertion).iss);
      const { payload } = await jwtVerify(assertion, createLocalJWKSet(await o.toolKeySet()), {
        issuer: client,
        subject: client,
        audience: `${base}/token`,
        algorithms: ['RS256'],
        requiredClaims: ['jti', 'iat', 'exp'],
      });
      if (!payload.jti) return refuse('invalid_client');
    } catch (e) {
      return refuse(`invalid_client: ${(e as Error).message}`);
    }
    const accessToken = `token-${granted.size + 1}-${Math.random().toString(36).slice(2)}`;
    granted.add(`${accessToken} ${scope}`);
    emulator.tokenRequests.push({ granted: true, scope, client });
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope });
  }
  /**
   * The authorisation endpoint as a browser meets it: the id_token for the login (the claims of `nextLaunch`
   * over the defaults), form-posted to the tool's launch by the page itself, as platforms do.
   */
  async function authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const token = await emulator.idToken(url.toString(), {
      claims: { aud: q.get('client_id') ?? clientId, ...emulator.nextLaunch },
    });
    const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Course platform</title></head><body>` +
        `<form method="post" action="${esc(q.get('redirect_uri') ?? '')}">` +
        `<input type="hidden" name="id_token" value="${esc(token)}">` +
        `<input type="hidden" name="state" value="${esc(q.get('state') ?? '')}">` +
        `<noscript><button>Continue to the tool</button></noscript></form>` +
        `<script>document.forms[0].submit()</script></body></html>`,
    );
  }
  /**
   * A course's page with the tool in a frame, as a platform shows an embedded link: the frame starts the
   * tool's login (GET, `lti_storage_target=_parent`), and the page keeps data for it, answering the LTI
   * client-side storage messages (`lti.put_data`, `lti.get_data`) of the frame's origin.
   */
  function coursePage(url: URL, res: http.ServerResponse) {
    const login = url.searchParams.get('login') ?? '';
    const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Course: Cardiology 101</title></head><body>` +
        `<header><h1>Cardiology 101</h1></header><section aria-label="Week 1 practice">` +
        `<iframe name="tool" title="QBank Cloud" src="${esc(login)}" style="width:100%;height:420px;border:1px solid #ccc"></iframe>` +
        `</section><script>
          var kept = {};
          window.addEventListener('message', function (e) {
            var d = e.data || {};
            var key = e.origin + ' ' + d.key;
            if (d.subject === 'lti.put_data') {
              kept[key] = d.value;
              e.source.postMessage({ subject: 'lti.put_data.response', message_id: d.message_id, key: d.key, value: d.value }, e.origin);
            }
            if (d.subject === 'lti.get_data') {
              e.source.postMessage(key in kept
                ? { subject: 'lti.get_data.response', message_id: d.message_id, key: d.key, value: kept[key] }
                : { subject: 'lti.get_data.response', message_id: d.message_id, key: d.key, error: { code: 'bad_request' } }, e.origin);
            }
          });
        </script></body></html>`,
    );
  }
  /** A course's member list, a page at a time, for a token granted the membership scope. */
  function members(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const contextId = decodeURIComponent(url.pathname.slice('/memberships/'.length));
    const page = Number(url.searchParams.get('page') ?? 1);
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const authorized = [...granted].some(
      (g) => g.startsWith(`${bearer} `) && g.includes('contextmembership.readonly'),
    );
    emulator.memberCalls.push({ contextId, authorized, page });
    if (!authorized) return json(res, 401, { error: 'invalid_token' });
    const all = courses.get(contextId) ?? [];
    const slice = all.slice((page - 1) * emulator.pageSize, page * emulator.pageSize);
    const more = page * emulator.pageSize < all.length;
    const next = `${base}/memberships/${encodeURIComponent(contextId)}?page=${page + 1}`;
    json(
      res,
      200,
      {
        id: url.toString(),
        context: { id: contextId },
        members: slice.map((m) => ({ status: 'Active', ...m })),
      },
      more ? { link: `<${next}>; rel="next"` } : {},
    );
  }
  const hasScope = (req: http.IncomingMessage, scope: string) => {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    return [...granted].some((g) => g.startsWith(`${bearer} `) && g.includes(scope));
  };
  /** A course's line items: listed (by resource_id when asked) and made, for a token with the line item scope. */
  async function lineItemsRoute(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const contextId = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    const body = req.method === 'POST' ? await readBody(req) : '';
    if (!hasScope(req, 'lti-ags/scope/lineitem')) return json(res, 401, { error: 'invalid_token' });
    if (req.method === 'POST') {
      const item = JSON.parse(body || '{}');
      const at = emulator.addLineItem(contextId, item);
      emulator.lineItems.at(-1)!.byTool = true;
      return json(res, 201, { id: at, ...item });
    }
    const rid = url.searchParams.get('resource_id');
    json(
      res,
      200,
      emulator.lineItems
        .filter((l) => l.contextId === contextId && (!rid || l.item.resourceId === rid))
        .map((l) => ({ id: l.url, ...l.item })),
    );
  }
  async function scoreRoute(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const body = await readBody(req);
    if (emulator.failScores !== null) return json(res, emulator.failScores, { error: 'unavailable' });
    const lineItem = `${base}${url.pathname.replace(/\/scores$/, '')}`;
    if (!emulator.lineItems.some((l) => l.url === lineItem))
      return json(res, 404, { error: 'no such line item' });
    const authorized = hasScope(req, 'lti-ags/scope/score');
    emulator.scores.push({
      lineItem,
      body: JSON.parse(body || '{}'),
      authorized,
      contentType: String(req.headers['content-type'] ?? ''),
    });
    if (!authorized) return json(res, 401, { error: 'invalid_token' });
    res.writeHead(204).end();
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/lineitems/') && url.pathname.endsWith('/scores') && req.method === 'POST') {
      void scoreRoute(req, res, url);
      return;
    }
    if (/^\/lineitems\/[^/]+$/.test(url.pathname)) {
      void lineItemsRoute(req, res, url);
      return;
    }
    if (url.pathname === '/jwks') {
      fetches += 1;
      json(res, 200, { keys: [jwk] });
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      void token(req, res);
      return;
    }
    if (url.pathname === '/.well-known/openid-configuration') {
      json(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/auth`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        registration_endpoint: `${base}/register`,
        'https://purl.imsglobal.org/spec/lti-platform-configuration': {
          product_family_code: 'emulated-lms',
          version: '1.0',
          messages_supported: [{ type: 'LtiResourceLinkRequest' }],
        },
      });
      return;
    }
    if (url.pathname === '/register' && req.method === 'POST') {
      void (async () => {
        const body = JSON.parse((await readBody(req)) || '{}');
        emulator.registrations.push({ body, authorization: req.headers.authorization ?? null });
        if (emulator.refuseRegistration) return json(res, 400, { error: 'invalid_client_metadata' });
        const n = emulator.registrations.length;
        json(res, 200, {
          client_id: `dyn-client-${n}-${Math.random().toString(36).slice(2, 6)}`,
          ...body,
          'https://purl.imsglobal.org/spec/lti-tool-configuration': {
            ...body['https://purl.imsglobal.org/spec/lti-tool-configuration'],
            ...(emulator.registerWithoutDeployment ? {} : { deployment_id: deploymentId }),
          },
        });
      })();
      return;
    }
    if (url.pathname === '/deep-link-return' && req.method === 'POST') {
      void (async () => {
        const jwt = new URLSearchParams(await readBody(req)).get('JWT') ?? '';
        emulator.deepLinkReturns.push(jwt);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!doctype html><html lang="en"><head><title>Activity added</title></head><body><main>' +
            '<h1>Activity added to the course</h1></main></body></html>',
        );
      })();
      return;
    }
    if (url.pathname === '/course') {
      coursePage(url, res);
      return;
    }
    if (url.pathname === '/auth') {
      void authorize(url, res);
      return;
    }
    if (url.pathname.startsWith('/memberships/')) {
      members(req, res, url);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://${o.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  const clientId = o.clientId ?? 'qbank-tool';
  const deploymentId = 'deployment-1';
  const emulator: LtiPlatformEmulator = {
    issuer: base,
    clientId,
    deploymentId,
    keySetUrl: `${base}/jwks`,
    authLoginUrl: `${base}/auth`,
    authTokenUrl: `${base}/token`,
    keySetFetches: () => fetches,
    membershipsUrl: (contextId) => `${base}/memberships/${encodeURIComponent(contextId)}`,
    setMembers: (contextId, list) => courses.set(contextId, list),
    pageSize: 100,
    tokenRequests: [],
    memberCalls: [],
    failTokens: null,
    nextLaunch: {},
    get openidConfiguration() {
      return `${base}/.well-known/openid-configuration`;
    },
    lineItemsUrl: (contextId) => `${base}/lineitems/${encodeURIComponent(contextId)}`,
    addLineItem(contextId, item) {
      const url = `${base}/lineitems/${encodeURIComponent(contextId)}/items/${emulator.lineItems.length + 1}`;
      emulator.lineItems.push({ url, contextId, item, byTool: false });
      return url;
    },
    lineItems: [],
    scores: [],
    failScores: null,
    async verifyToolJwt(jwt) {
      if (!o.toolKeySet) throw new Error('The emulator was started without the tool key set');
      const { payload } = await jwtVerify(jwt, createLocalJWKSet(await o.toolKeySet()), {
        audience: base,
        algorithms: ['RS256'],
      });
      return payload;
    },
    registrations: [],
    refuseRegistration: false,
    registerWithoutDeployment: false,
    async idToken(authUrl, t = {}) {
      const login = new URL(authUrl).searchParams;
      const now = Math.floor(Date.now() / 1000);
      const claims: JWTPayload = {
        nonce: login.get('nonce') ?? undefined,
        sub: 'learner-1',
        given_name: 'Lena',
        family_name: 'Park',
        email: 'lena.park@school.example.com',
        'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiResourceLinkRequest',
        'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
        'https://purl.imsglobal.org/spec/lti/claim/deployment_id': deploymentId,
        'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': `${o.toolOrigin}/dashboard`,
        'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: 'link-1' },
        'https://purl.imsglobal.org/spec/lti/claim/roles': [LEARNER],
        'https://purl.imsglobal.org/spec/lti/claim/context': { id: 'course-101', title: 'Cardiology 101' },
        ...t.claims,
      };
      const key = t.signWith === 'stranger' ? strangerKey : platformKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: t.kid ?? kid })
        .setIssuer(base)
        .setAudience((t.claims?.aud as string | string[] | undefined) ?? clientId)
        .setIssuedAt(t.iat ?? now)
        .setExpirationTime(t.exp ?? now + 300)
        .sign(key.privateKey);
    },
    deepLinkReturns: [],
    coursePageUrl: (login) => `${base}/course?${new URLSearchParams({ login })}`,
    // Browsers keep connections open: they are ended too, or close would wait for them.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return emulator;
}
