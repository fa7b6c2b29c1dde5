import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { ConsoleSession, MembersRepo, User } from '../db/repos/members.js';
import { isoNow, randomToken } from '../ids.js';

export const SESSION_COOKIE = 'docex_console';
/** A session ends after 12 hours without a request, and 7 days after sign-in in any case. */
export const SESSION_IDLE_MS = 12 * 3_600_000;
export const SESSION_MAX_MS = 7 * 86_400_000;
/** `last_seen_at` is written at most once a minute: reading the console must not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/** The signed-in person of a console request. */
export interface ConsoleIdentity {
  user: User;
  session: ConsoleSession;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Console sessions: a random token in an HttpOnly, SameSite=Strict cookie (Secure on https),
 * kept in the database only as its SHA-256; a CSRF token per session that every change must
 * echo in `X-CSRF-Token`; and, for changes, an `Origin` that is the console's own when a browser
 * sends one.
 */
export class ConsoleSessions {
  constructor(private readonly members: MembersRepo) {}

  /** Opens a session for `user`, sets the cookie, returns the CSRF token the page must echo. */
  open(user: User, request: FastifyRequest, reply: FastifyReply): ConsoleSession {
    const token = randomToken(43);
    const now = Date.now();
    const session: ConsoleSession = {
      id: sha256(token),
      user_id: user.id,
      csrf_token: randomToken(32),
      created_at: isoNow(new Date(now)),
      last_seen_at: isoNow(new Date(now)),
      expires_at: isoNow(new Date(now + SESSION_MAX_MS)),
    };
    this.members.createSession(session);
    void reply.setCookie(SESSION_COOKIE, token, { path: '/console', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: SESSION_MAX_MS / 1000 });
    return session;
  }

  close(request: FastifyRequest, reply: FastifyReply): void {
    const token = request.cookies[SESSION_COOKIE];
    if (token) this.members.deleteSession(sha256(token));
    void reply.clearCookie(SESSION_COOKIE, { path: '/console' });
  }

  /** The session the request's cookie names, or null when there is none or it has ended. */
  find(request: FastifyRequest): ConsoleIdentity | null {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return null;
    const session = this.members.session(sha256(token));
    const now = Date.now();
    if (!session || Date.parse(session.expires_at) <= now || Date.parse(session.last_seen_at) + SESSION_IDLE_MS <= now) return null;
    const user = this.members.user(session.user_id);
    if (!user) return null;
    if (now - Date.parse(session.last_seen_at) >= TOUCH_EVERY_MS) this.members.touchSession(session.id, isoNow(new Date(now)));
    return { user, session };
  }

  /** The signed-in person; for a change also the CSRF token and the origin. */
  require(request: FastifyRequest): ConsoleIdentity {
    const identity = this.find(request);
    if (!identity) throw new ServiceError('sign_in_required');
    if (UNSAFE_METHODS.has(request.method)) {
      checkOrigin(request);
      const sent = request.headers['x-csrf-token'];
      const expected = Buffer.from(identity.session.csrf_token);
      const given = Buffer.from(typeof sent === 'string' ? sent : '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ServiceError('csrf_token_invalid');
    }
    return identity;
  }
}

/**
 * A change sent by a browser names its page's origin; it must be the server's own. Requests
 * without `Origin` (curl, tests) pass here and still need the CSRF token when signed in.
 */
export function checkOrigin(request: FastifyRequest): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (sameOrigin(origin, `${request.protocol}://${request.host}`)) return;
  throw new ServiceError('csrf_token_invalid');
}

/** Compared as URL origins, so a default port written out (`:80`, `:443`) changes nothing. */
function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
