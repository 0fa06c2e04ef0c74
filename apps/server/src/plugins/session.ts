import type { Endpoint } from '@qbank/contract';
import { ErrorCode, Limits, Messages } from '@qbank/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentTransaction, type Db, type DbOrTx } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { safeEqual, sha256Hex } from '../lib/crypto';
import { type Actor, makeActor } from '../policies';

export const SESSION_COOKIE = 'qbank_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (also null while a route's write proves the session: see `session`). */
    actor: Actor | null;
    /** Set instead of `actor` on a route whose write proves the session itself (`sessionProvenByWrite`). */
    deferredSession: DeferredSession | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's one write checks the session, the CSRF token and the owner in its own statement, so the
     * request needs no session read of its own when that write succeeds; when it does not, the route asks
     * for the caller (`DeferredSession.actor`), which checks the session as for any route.
     */
    sessionProvenByWrite?: boolean;
  }
}

/** What a request shows of its session: the hash of the cookie's id and the CSRF token sent with it. */
export interface SessionProof {
  idHash: string;
  csrfToken: string;
}

/** A session not read yet: its proof for the write, and the caller as any route gets it (or its refusal). */
export interface DeferredSession {
  proof: SessionProof;
  actor(): Promise<Actor>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where the plugin finds sessions and roles: the accounts and subscriptions modules' (app.ts hands them in). */
export interface SessionSource {
  /** The caller by the hash of the cookie's session id, applying the session rule; null: no live session. */
  read(
    db: DbOrTx,
    idHash: string,
    now: Date,
  ): Promise<{ userId: string; superuser: boolean; accessToken: string } | null>;
  /** A user's roles in each product (the actor reads them when a policy asks). */
  rolesOf: Parameters<typeof makeActor>[1] extends (userId: string) => infer R
    ? (db: DbOrTx, userId: string) => R
    : never;
}

export interface SessionOptions {
  db: Db;
  secureCookies: boolean;
  publicOrigin: string;
  clock: Clock;
  sessions: SessionSource;
}

export function setSessionCookie(reply: FastifyReply, sessionId: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(Limits.sessionAbsoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * Reads the session cookie and enforces the endpoint's access (contract `access`): sign-in, the CSRF token on
 * writes, the Origin on public writes. It runs before validation, so a caller who may not call an endpoint
 * learns nothing about its input rules. On a route whose write proves the session (`sessionProvenByWrite`), a
 * request with a cookie and a CSRF token is let through unread (`req.deferredSession`), and the write checks
 * both in its own statement; without either, it is checked here as on any route.
 */
export function registerSession(app: FastifyInstance, opts: SessionOptions) {
  const { db } = opts;
  const allowedOrigins = new Set([opts.publicOrigin]);
  app.decorateRequest('actor', null);
  app.decorateRequest('deferredSession', null);

  /** Finds the caller from the cookie and enforces the endpoint's access; throws the refusal. */
  async function checkSession(req: FastifyRequest, reply: FastifyReply, access: Endpoint['access']) {
    const cookie = req.cookies[SESSION_COOKIE];
    // A cookie whose session is gone means the session expired under the user (SPEC §4), unlike no cookie at all.
    let expired = false;
    if (cookie) {
      const idHash = sha256Hex(cookie);
      const now = opts.clock.now();
      const row = await opts.sessions.read(db, idHash, now);
      if (row) {
        req.actor = makeActor(
          {
            userId: row.userId,
            superuser: row.superuser,
            sessionIdHash: idHash,
            accessToken: row.accessToken,
          },
          // Inside a transaction the roles are read on its connection: a second one could wait for ever.
          (userId) => opts.sessions.rolesOf(currentTransaction() ?? db, userId),
        );
      } else {
        clearSessionCookie(reply, opts.secureCookies);
        expired = true;
      }
    }

    const writes = !SAFE_METHODS.has(req.method) || req.routeOptions.url === '/logout';
    if (access === 'public') {
      const origin = req.headers.origin;
      if (
        writes &&
        origin &&
        !allowedOrigins.has(origin) &&
        origin !== `${req.protocol}://${req.headers.host}`
      )
        throw new AppError(ErrorCode.FORBIDDEN_ORIGIN, 'Requests from another site are not accepted');
      return;
    }
    if (access === 'user' && !req.actor)
      throw expired
        ? new AppError(ErrorCode.SESSION_EXPIRED, Messages.sessionExpired)
        : new AppError(ErrorCode.UNAUTHENTICATED, Messages.needReauthorize);
    if (writes && req.actor) {
      const sent = req.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !safeEqual(sent, req.actor.session.accessToken))
        throw new AppError(ErrorCode.CSRF, 'Missing or wrong X-CSRF-Token header');
    }
  }

  app.addHook('preValidation', async (req, reply) => {
    const config = req.routeOptions.config;
    const access = config?.endpoint?.access;
    if (!access || access === 'webhook') return; // static files, SPA, dev pages; webhooks prove themselves
    const cookie = req.cookies[SESSION_COOKIE];
    const csrfToken = req.headers['x-csrf-token'];
    if (config.sessionProvenByWrite && access === 'user' && cookie && typeof csrfToken === 'string') {
      let actor: Promise<Actor> | null = null;
      req.deferredSession = {
        proof: { idHash: sha256Hex(cookie), csrfToken },
        actor: () => {
          actor ??= checkSession(req, reply, access).then(() => req.actor as Actor);
          return actor;
        },
      };
      return;
    }
    await checkSession(req, reply, access);
  });
}
