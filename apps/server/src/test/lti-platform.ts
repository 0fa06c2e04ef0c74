import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

// A course platform (an LMS) for the LTI tests, over real HTTP: its own key pair and key set, and the id_tokens
// its authorisation endpoint would post. The tests play the browser between it and the tool.

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
  close(): Promise<void>;
}

export const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
export const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

export async function startLtiPlatform(o: {
  toolOrigin: string;
  clientId?: string;
}): Promise<LtiPlatformEmulator> {
  const platformKey: Key = await generateKeyPair('RS256', { extractable: true });
  const strangerKey: Key = await generateKeyPair('RS256', { extractable: true });
  const kid = 'platform-key-1';
  const jwk: JWK = { ...(await exportJWK(platformKey.publicKey)), kid, alg: 'RS256', use: 'sig' };
  let fetches = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/jwks') {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = o.clientId ?? 'qbank-tool';
  const deploymentId = 'deployment-1';
  return {
    issuer: base,
    clientId,
    deploymentId,
    keySetUrl: `${base}/jwks`,
    authLoginUrl: `${base}/auth`,
    authTokenUrl: `${base}/token`,
    keySetFetches: () => fetches,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
