import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from '../console-context.js';
import { playgroundAuth, playgroundKey, runPlayground } from '../playground.js';
import { ReviewService } from '../review-service.js';
import { requireRole, requireWritable } from '../roles.js';

type AppParams = { org: string; app: string };
type ExtractionParams = AppParams & { id: string };

const PLAYGROUND_ROUTE = '/console/api/organizations/:org/applications/:app/playground';

/**
 * Console API: extractions list, review, page images, corrections and the playground
 * (docs/console.md, "Extractions and review").
 */
export function extractionConsoleRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const review = new ReviewService(app.services);
    const base = '/organizations/:org/applications/:app';

    app.get(`${base}/extractions`, async (request) => {
      const p = request.params as AppParams;
      const access = ctx.org(request, p.org);
      const application = ctx.application(access, p.app);
      requireRole(access.member, 'read');
      return review.list(application, request.query as Record<string, unknown>);
    });

    app.get(`${base}/extractions/:id`, async (request) => {
      const p = request.params as ExtractionParams;
      const access = ctx.org(request, p.org);
      const application = ctx.application(access, p.app);
      requireRole(access.member, 'read');
      return review.detail(access, application, p.id);
    });

    app.get(`${base}/extractions/:id/pages/:page`, async (request, reply) => {
      const p = request.params as ExtractionParams & { page: string };
      const access = ctx.org(request, p.org);
      const application = ctx.application(access, p.app);
      requireRole(access.member, 'read');
      const image = await review.pageImage(application, p.id, p.page);
      return reply.type(image.type).headers({ 'cache-control': 'private, max-age=300', 'x-content-type-options': 'nosniff' }).send(image.bytes);
    });

    app.post(`${base}/extractions/:id/corrections`, async (request, reply) => {
      const p = request.params as ExtractionParams;
      const access = ctx.org(request, p.org);
      const application = ctx.application(access, p.app);
      requireRole(access.member, 'review');
      requireWritable(access.organization);
      return reply.status(201).send(review.correct(access, application, p.id, request.body));
    });

    // The playground takes the API's multipart form: the plugin in a context of its own, with
    // the one route (it hooks every route it can see).
    await app.register(async (upload) => {
      await upload.register(multipart);
      upload.post(
        `${base}/playground`,
        {
          // Recorded in the request log for the key it read with, as the API's requests are.
          onResponse: (request, reply, done) => {
            const auth = request.auth;
            if (auth) {
              app.services.requestLog.record({
                application_id: auth.application.id,
                key_id: auth.key.id,
                method: request.method,
                route: PLAYGROUND_ROUTE,
                status: reply.statusCode,
                code: request.errorCode,
                duration_ms: reply.elapsedTime,
                documents: request.usage?.documents ?? 0,
                pages: request.usage?.pages ?? 0,
                sdk: null,
                created_at: new Date().toISOString(),
              });
            }
            done();
          },
        },
        async (request, reply) => {
          const p = request.params as AppParams;
          const access = ctx.org(request, p.org);
          const application = ctx.application(access, p.app);
          requireRole(access.member, 'manage_application', application.environment);
          requireWritable(access.organization);
          const keyId = (request.query as Record<string, unknown>).key_id;
          const key = playgroundKey(app.services, application, typeof keyId === 'string' && keyId !== '' ? keyId : undefined);
          const auth = playgroundAuth(app.services, key);
          const answer = await runPlayground(app.services, review, request, auth, `/console/api/organizations/${access.organization.id}/applications/${application.id}/extractions`);
          const extraction = answer.body.extraction as { id: string };
          app.services.accounts.audit(access.organization.id, access.user.email, 'playground.extracted', extraction.id, { application_id: application.id, key_id: key.id });
          return reply.status(answer.status).send(answer.body);
        },
      );
    });
  };
}
