import { ErrorCode, Limits, Messages } from '@qbank/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { safeEqual, sha256Hex } from '../lib/crypto';
import { deleteSession, findLiveSession, touchSession } from '../modules/accounts/sessions';
import { rolesByProduct } from '../modules/subscriptions/repository';
import { type Actor, makeActor } from '../policies';

export const SESSION_COOKIE = 'qbank_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    actor: Actor | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_EVERY_MS = 60_000;

export interface SessionOptions {
  db: Db;
  secureCookies: boolean;
  publicOrigin: string;
  clock: Clock;
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
 * learns nothing about its input rules.
 */
export function registerSession(app: FastifyInstance, opts: SessionOptions) {
  const { db } = opts;
  const allowedOrigins = new Set([opts.publicOrigin]);
  app.decorateRequest('actor', null);

  app.addHook('preValidation', async (req, reply) => {
    const access = req.routeOptions.config?.endpoint?.access;
    if (!access || access === 'webhook') return; // static files, SPA, dev pages; webhooks prove themselves
    const cookie = req.cookies[SESSION_COOKIE];
    // A cookie whose session is gone means the session expired under the user (SPEC §4), unlike no cookie at all.
    let expired = false;
    if (cookie) {
      const idHash = sha256Hex(cookie);
      const now = opts.clock.now();
      const row = await findLiveSession(db, idHash, now);
      if (row && now.getTime() - row.lastSeenAt.getTime() <= Limits.sessionIdleMs) {
        req.actor = makeActor(
          {
            userId: row.userId,
            superuser: row.superuser,
            sessionIdHash: idHash,
            accessToken: row.accessToken,
          },
          (userId) => rolesByProduct(db, userId),
        );
        if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, idHash, now);
      } else {
        if (row) await deleteSession(db, idHash);
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
  });
}
