import { ErrorCode, Limits, Messages } from '@qbank/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError } from '../lib/app-error';
import { randomToken, safeEqual, sha256Hex } from '../lib/crypto';
import type { Access } from '../lib/route';

export const SESSION_COOKIE = 'qbank_session';

export interface Auth {
  sessionIdHash: string;
  userId: string;
  accessToken: string;
  superuser: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_EVERY_MS = 60_000;

export interface SessionOptions {
  db: Db;
  secureCookies: boolean;
  publicOrigin: string;
}

/**
 * Creates a session for the user and sets its cookie; returns the access token (DESIGN.md §4). The session
 * is rotated: one whose cookie came with this request ends, so a session id known before sign-in (planted
 * by someone else, or left on a shared computer) is worth nothing after it.
 */
export async function startSession(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  secure: boolean,
): Promise<string> {
  const id = randomToken();
  const accessToken = randomToken();
  const now = Date.now();
  const previous = req.cookies[SESSION_COOKIE];
  await db.transaction(async (tx) => {
    if (previous) await tx.delete(sessions).where(eq(sessions.idHash, sha256Hex(previous)));
    await tx.insert(sessions).values({
      idHash: sha256Hex(id),
      userId,
      accessToken,
      expiresAt: new Date(now + Limits.sessionAbsoluteMs),
      userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
      ipAddress: req.ip,
    });
  });
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(Limits.sessionAbsoluteMs / 1000),
  });
  return accessToken;
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Reads the session cookie on every request and enforces the route's access: sign-in, CSRF token on writes, Origin on public writes. */
export function registerSession(app: FastifyInstance, opts: SessionOptions) {
  const { db } = opts;
  const allowedOrigins = new Set([opts.publicOrigin]);
  app.decorateRequest('auth', null);

  app.addHook('preHandler', async (req, reply) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'webhook') return; // static files, SPA, dev pages; webhooks prove themselves
    const cookie = req.cookies[SESSION_COOKIE];
    // A cookie whose session is gone means the session expired under the user (SPEC §4), unlike no cookie at all.
    let expired = false;
    if (cookie) {
      const idHash = sha256Hex(cookie);
      const now = new Date();
      const [row] = await db
        .select({
          userId: sessions.userId,
          accessToken: sessions.accessToken,
          lastSeenAt: sessions.lastSeenAt,
          superuser: users.superuser,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
        .limit(1);
      if (row && now.getTime() - row.lastSeenAt.getTime() <= Limits.sessionIdleMs) {
        req.auth = {
          sessionIdHash: idHash,
          userId: row.userId,
          accessToken: row.accessToken,
          superuser: row.superuser,
        };
        if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
          await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
      } else {
        if (row) await db.delete(sessions).where(eq(sessions.idHash, idHash));
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
    if (access === 'user' && !req.auth)
      throw expired
        ? new AppError(ErrorCode.SESSION_EXPIRED, Messages.sessionExpired)
        : new AppError(ErrorCode.UNAUTHENTICATED, Messages.needReauthorize);
    if (writes && req.auth) {
      const sent = req.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !safeEqual(sent, req.auth.accessToken))
        throw new AppError(ErrorCode.CSRF, 'Missing or wrong X-CSRF-Token header');
    }
  });
}

/** The signed-in user of a 'user' route. */
export function requireAuth(req: FastifyRequest): Auth {
  if (!req.auth) throw new AppError(ErrorCode.UNAUTHENTICATED, Messages.needReauthorize);
  return req.auth;
}
