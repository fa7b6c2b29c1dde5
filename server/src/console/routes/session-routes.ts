import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { ServiceError } from '../../../../engine/src/errors/service-error.js';
import { MembersRepo, type ConsoleSession, type User } from '../../db/repos/members.js';
import { WindowLimiter } from '../../http/rate-limiter.js';
import { checkOrigin, type ConsoleSessions } from '../console-session.js';
import { acceptablePassword, hashPassword, verifyPassword } from '../password.js';
import { organizationStatus } from '../organization-service.js';
import type { Organization } from '../../db/repos/accounts.js';

/** Sign-in attempts: 10 per address and 30 per client IP in 15 minutes. */
const PER_EMAIL = 10;
const PER_IP = 30;
const WINDOW_MS = 15 * 60_000;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Signing in and out, and accepting an invitation. The answer to each names the person, the
 * organizations they belong to and the session's CSRF token.
 */
export function sessionRoutes(sessions: ConsoleSessions) {
  return async (app: FastifyInstance): Promise<void> => {
    const members = new MembersRepo(app.services.db);
    const limiter = new WindowLimiter(WINDOW_MS);

    const describe = (user: User, session: ConsoleSession) => ({
      user: { id: user.id, email: user.email },
      organizations: members.organizationsOf(user.id).map((o) => ({ id: o.organization_id, name: o.name, status: organizationStatus(o.status as Organization['status']), role: o.role })),
      csrf_token: session.csrf_token,
    });

    app.post('/session', async (request, reply) => {
      checkOrigin(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const email = text(body.email).trim().toLowerCase();
      for (const [subject, limit] of [[`ip:${request.ip}`, PER_IP], [`email:${email}`, PER_EMAIL]] as const) {
        const decision = limiter.hit(subject, limit);
        if (!decision.allowed) throw new ServiceError('rate_limited', { details: { retry_after: decision.resetSeconds } });
      }
      const user = email ? members.userByEmail(email) : null;
      // The hash is checked even for an unknown address, so the time taken does not tell.
      const ok = await verifyPassword(text(body.password), user?.password_hash ?? null);
      if (!user || !ok) throw new ServiceError('sign_in_failed');
      return describe(user, sessions.open(user, request, reply));
    });

    app.get('/session', async (request) => {
      const { user, session } = sessions.require(request);
      return describe(user, session);
    });

    app.delete('/session', async (request, reply) => {
      sessions.require(request);
      sessions.close(request, reply);
      return reply.status(204).send();
    });

    /**
     * Accepting an invitation: a new person chooses a password; someone who already has one
     * proves it. Either way they are signed in.
     */
    app.post('/invitations/accept', async (request, reply) => {
      checkOrigin(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const token = text(body.token);
      const invitation = token ? members.invitationByHash(createHash('sha256').update(token).digest('hex')) : null;
      if (!invitation || (invitation.invitation_expires_at !== null && Date.parse(invitation.invitation_expires_at) <= Date.now())) throw new ServiceError('invitation_invalid');
      const existing = members.userByEmail(invitation.email);
      const password = text(body.password);
      if (existing?.password_hash) {
        if (!(await verifyPassword(password, existing.password_hash))) throw new ServiceError('sign_in_failed');
      } else if (!acceptablePassword(password)) {
        throw new ServiceError('weak_password', { param: 'password' });
      }
      const hash = existing?.password_hash ? null : await hashPassword(password);
      const user = app.services.accounts.transaction(() => {
        const u = members.ensureUser(invitation.email, hash);
        members.acceptInvitation(invitation.id, u.id);
        app.services.accounts.audit(invitation.organization_id, u.email, 'member.joined', invitation.id, { role: invitation.role });
        return u;
      });
      return describe(user, sessions.open(user, request, reply));
    });
  };
}
