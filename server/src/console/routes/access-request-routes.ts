import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../../../engine/src/errors/service-error.js';
import { AccessRequestsRepo } from '../../db/repos/access-requests.js';
import { MembersRepo } from '../../db/repos/members.js';
import { WindowLimiter } from '../../http/rate-limiter.js';
import { AccessRequestService } from '../access-request-service.js';
import type { ConsoleContext } from '../console-context.js';
import { checkOrigin } from '../console-session.js';

/** The public form: 10 requests per client IP an hour, so it cannot be used to fill the table. */
const PER_IP = 10;
const WINDOW_MS = 3_600_000;

/** Console API: access requests (public form; decisions are the operator's, in the CLI). */
export function accessRequestRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    void ctx; // public: no session
    const { accounts, db } = app.services;
    const service = new AccessRequestService(accounts, new AccessRequestsRepo(db), new MembersRepo(db));
    const limiter = new WindowLimiter(WINDOW_MS);

    app.post('/access-requests', async (request, reply) => {
      checkOrigin(request);
      if (!service.isOpen()) throw new ServiceError('access_requests_closed');
      const decision = limiter.hit(`ip:${request.ip}`, PER_IP);
      if (!decision.allowed) throw new ServiceError('rate_limited', { details: { retry_after: decision.resetSeconds } });
      const body = request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
      const r = await service.submit(body);
      return reply.status(201).send({ id: r.id, status: r.status, created_at: r.created_at });
    });
  };
}
