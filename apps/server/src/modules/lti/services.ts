import { SignJWT } from 'jose';
import type { DbOrTx } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { signingKey } from './keys';

// The tool's side of the LTI Advantage services (docs/lti.md): an access token from the platform's token
// endpoint (OAuth 2 client credentials, the tool proving itself with a JWT signed by its key), kept until it
// expires; and the course's members read from the Names and Role Provisioning service, page after page.

export const LTI_SCOPE = {
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineItems: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  scores: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/**
 * An address a platform names (in a launch's claims, its OpenID configuration): kept only when https, or plain
 * http on this machine (a platform under test); null otherwise.
 */
export function platformUrl(v: unknown): string | null {
  if (typeof v !== 'string' || v.length > 2000) return null;
  try {
    const u = new URL(v);
    const local = u.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(u.hostname);
    return u.protocol === 'https:' || local ? u.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A call to a platform that did not give what was asked: the reason, in words an admin can act on; `retryable`
 * when trying again later may go through (the platform down, slow or busy), not when it refused what was sent.
 */
export class PlatformServiceError extends Error {
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(message);
  }
}

/** Whether a platform's answer is worth trying again: it was busy or failing, not refusing. */
const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

/** How long a call to a platform may take. */
const CALL_TIMEOUT_MS = 10_000;
/** A token is used until this long before the platform said it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** The most pages of members read (at a platform's usual 100 to 1000 a page, far more than any course). */
const MAX_PAGES = 500;

/** Where a platform's services are: what the token needs of a connection. */
export interface ServiceConnection {
  id: string;
  clientId: string;
  authTokenUrl: string;
}

const tokens = new Map<string, { token: string; until: number }>();
const asking = new Map<string, Promise<{ token: string; until: number }>>();

/** Forgets the tokens kept (a test's fresh start; a platform that refused one). */
export function forgetTokens(connectionId?: string) {
  for (const key of tokens.keys())
    if (!connectionId || key.startsWith(`${connectionId} `)) tokens.delete(key);
}

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (e) {
    const why =
      e instanceof Error && e.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    throw new PlatformServiceError(`The platform's ${what} ${why} (${new URL(url).origin}).`);
  }
}

/**
 * An access token for these scopes: the one kept while it lives, else a new one from the token endpoint (one
 * request however many ask at once on this instance). The tool proves itself with a JWT signed by its key
 * (RFC 7523: iss and sub its client id, aud the token endpoint, a fresh jti), as LTI Advantage requires.
 */
export async function accessToken(
  db: DbOrTx,
  c: ServiceConnection,
  scopes: string[],
  now: () => Date,
): Promise<string> {
  const scope = [...scopes].sort().join(' ');
  const key = `${c.id} ${scope}`;
  const kept = tokens.get(key);
  if (kept && kept.until > now().getTime()) return kept.token;
  let pending = asking.get(key);
  if (!pending) {
    pending = (async () => {
      const { kid, key: privateKey } = await signingKey(db, now());
      const at = Math.floor(now().getTime() / 1000);
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(c.clientId)
        .setSubject(c.clientId)
        .setAudience(c.authTokenUrl)
        .setIssuedAt(at)
        .setExpirationTime(at + 300)
        .setJti(randomToken(16))
        .sign(privateKey);
      const res = await call(
        c.authTokenUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: assertion,
            scope,
          }),
        },
        'token endpoint',
      );
      const body = (await res.json().catch(() => null)) as {
        access_token?: unknown;
        expires_in?: unknown;
        error?: unknown;
      } | null;
      if (!res.ok || typeof body?.access_token !== 'string')
        throw new PlatformServiceError(
          `The platform's token endpoint refused the tool (${res.status}${typeof body?.error === 'string' ? `: ${body.error.slice(0, 100)}` : ''}): check the client id and that the platform has the tool's key set URL.`,
        );
      const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
      const got = { token: body.access_token, until: now().getTime() + seconds * 1000 - TOKEN_MARGIN_MS };
      tokens.set(key, got);
      return got;
    })().finally(() => asking.delete(key));
    asking.set(key, pending);
  }
  return (await pending).token;
}

/** A course member as the Names and Role Provisioning service lists them. */
export interface CourseMember {
  userId: string;
  status: 'Active' | 'Inactive' | 'Deleted';
  roles: string[];
  givenName: string | null;
  familyName: string | null;
  email: string | null;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The `next` page a Link header names, if any. */
export function nextPage(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (m && /rel\s*=\s*"?next"?/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

/**
 * Every member of the course the membership URL names, following the `next` links (each on the same origin);
 * `onPage` hears how many were read so far. A token the platform refuses is asked for again once.
 */
export async function courseMembers(
  db: DbOrTx,
  c: ServiceConnection,
  membershipsUrl: string,
  now: () => Date,
  onPage: (read: number) => Promise<void>,
): Promise<CourseMember[]> {
  const origin = new URL(membershipsUrl).origin;
  const members: CourseMember[] = [];
  let url: string | null = membershipsUrl;
  let retried = false;
  for (let page = 0; url; page++) {
    if (page >= MAX_PAGES)
      throw new PlatformServiceError(`The course's member list goes on past ${MAX_PAGES} pages.`);
    const token = await accessToken(db, c, [LTI_SCOPE.memberships], now);
    const res: Response = await call(
      url,
      {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
        },
      },
      'member list',
    );
    if (res.status === 401 && !retried) {
      // The platform may have ended the token early: a new one, once.
      retried = true;
      forgetTokens(c.id);
      page--;
      continue;
    }
    if (!res.ok)
      throw new PlatformServiceError(`The platform's member list answered ${res.status} (${origin}).`);
    const body = (await res.json().catch(() => null)) as { members?: unknown } | null;
    if (!Array.isArray(body?.members))
      throw new PlatformServiceError("The platform's member list is not a membership container.");
    for (const m of body.members as Record<string, unknown>[]) {
      const userId = text(m?.user_id);
      if (!userId) continue;
      const status = m.status === 'Inactive' || m.status === 'Deleted' ? m.status : 'Active';
      members.push({
        userId: userId.slice(0, 255),
        status,
        roles: Array.isArray(m.roles) ? m.roles.filter((r): r is string => typeof r === 'string') : [],
        givenName: text(m.given_name),
        familyName: text(m.family_name),
        email: text(m.email),
      });
    }
    await onPage(members.length);
    const next = nextPage(res.headers.get('link'));
    if (next && new URL(next, url).origin !== origin)
      throw new PlatformServiceError("The member list's next page is on another site.");
    url = next ? new URL(next, url).toString() : null;
  }
  return members;
}

/** The scores address of a line item (its path and `/scores`, its query kept), as AGS defines it. */
export function scoresUrl(lineItem: string): string {
  const u = new URL(lineItem);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/scores`;
  return u.toString();
}

/** A line item the tool asks for: one per placed assignment, found by its resource id, else made. */
export interface LineItemAsk {
  resourceId: string;
  resourceLinkId: string | null;
  label: string;
  scoreMaximum: number;
  tag: string;
}

/**
 * The course's line item for an assignment: the one whose `resourceId` is the assignment's, else a new one
 * (Assignment and Grade Services). `token` has the line item scope (asked before any transaction).
 */
export async function findOrMakeLineItem(
  token: string,
  lineItemsUrl: string,
  ask: LineItemAsk,
): Promise<string> {
  const list = new URL(lineItemsUrl);
  list.searchParams.set('resource_id', ask.resourceId);
  const found = await call(
    list.toString(),
    {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
      },
    },
    'grade book',
  );
  if (found.ok) {
    const items = (await found.json().catch(() => null)) as { id?: unknown; resourceId?: unknown }[] | null;
    const mine = Array.isArray(items)
      ? items.find((i) => i?.resourceId === ask.resourceId && typeof i.id === 'string')
      : undefined;
    if (mine) return mine.id as string;
  } else if (!retryableStatus(found.status) && found.status !== 404)
    throw new PlatformServiceError(
      `The platform's grade book answered ${found.status}: check that the tool may manage its line items.`,
      false,
    );
  const made = await call(
    lineItemsUrl,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.ims.lis.v2.lineitem+json',
        accept: 'application/vnd.ims.lis.v2.lineitem+json',
      },
      body: JSON.stringify({
        scoreMaximum: ask.scoreMaximum,
        label: ask.label,
        resourceId: ask.resourceId,
        tag: ask.tag,
        ...(ask.resourceLinkId ? { resourceLinkId: ask.resourceLinkId } : {}),
      }),
    },
    'grade book',
  );
  const body = (await made.json().catch(() => null)) as { id?: unknown } | null;
  if (!made.ok || typeof body?.id !== 'string' || !platformUrl(body.id))
    throw new PlatformServiceError(
      `The platform's grade book did not make the assignment's column (${made.status}).`,
      retryableStatus(made.status),
    );
  return body.id;
}

/** A finished attempt's score, as Assignment and Grade Services takes it. */
export interface ScorePost {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  /** The attempt's end: the same at every try, so a platform that got it already keeps it once. */
  timestamp: Date;
}

/**
 * Posts a score to a line item (`application/vnd.ims.lis.v1.score+json`): completed and fully graded. A token
 * the platform refuses is asked for again, once.
 */
export async function postScore(
  db: DbOrTx,
  c: ServiceConnection,
  lineItem: string,
  score: ScorePost,
  now: () => Date,
): Promise<void> {
  for (let retried = false; ; retried = true) {
    const token = await accessToken(db, c, [LTI_SCOPE.scores], now);
    const res = await call(
      scoresUrl(lineItem),
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/vnd.ims.lis.v1.score+json',
        },
        body: JSON.stringify({
          userId: score.userId,
          scoreGiven: score.scoreGiven,
          scoreMaximum: score.scoreMaximum,
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
          timestamp: score.timestamp.toISOString(),
        }),
      },
      'grade book',
    );
    if (res.ok) return;
    if (res.status === 401 && !retried) {
      forgetTokens(c.id);
      continue;
    }
    throw new PlatformServiceError(
      `The platform's grade book answered ${res.status} to the score.`,
      retryableStatus(res.status),
    );
  }
}
