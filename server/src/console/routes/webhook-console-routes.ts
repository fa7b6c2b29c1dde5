import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Application } from '../../db/repos/accounts.js';
import { deliverySummary, endpointSummary } from '../../webhooks/webhook-service.js';
import type { ConsoleContext, OrgAccess } from '../console-context.js';
import { requireRole, requireWritable } from '../roles.js';

/** Deliveries shown with an endpoint, newest first. */
const RECENT_DELIVERIES = 50;

type Params = { org: string; app: string; endpoint: string };

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};

/**
 * Console API: webhook endpoints of an application and their deliveries. Everyone reads (never
 * a secret: it is shown once, in the answer that made it); changes need the role that manages
 * the application's environment (developer for development and test, admin for production),
 * an organization that is not read-only, and are written to the audit log. The rules of an
 * endpoint (capability, URL guard, events, 5 per application, encryption) are WebhookService's.
 */
export function webhookConsoleRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const { webhooks, accounts } = app.services;
    const base = '/organizations/:org/applications/:app/webhooks';

    const read = (request: FastifyRequest) => {
      const p = request.params as Params;
      const access = ctx.org(request, p.org);
      return { access, application: ctx.application(access, p.app), p };
    };
    /** The caller may change the application's endpoints. */
    const change = (request: FastifyRequest) => {
      const r = read(request);
      requireRole(r.access.member, 'manage_application', r.application.environment);
      requireWritable(r.access.organization);
      return r;
    };
    const audit = (access: OrgAccess, application: Application, action: string, endpointId: string, details: Record<string, unknown> = {}) =>
      accounts.audit(access.organization.id, access.user.email, `webhook.${action}`, endpointId, { application: application.id, ...details });

    app.get(base, async (request) => {
      const { application } = read(request);
      return { data: webhooks.list(application).map(endpointSummary) };
    });

    app.post(base, async (request, reply) => {
      const { access, application } = change(request);
      const body = bodyOf(request);
      const { endpoint, secret } = await webhooks.add(application, { url: body.url, events: body.events });
      audit(access, application, 'created', endpoint.id, { url: endpoint.url, events: endpoint.events });
      return reply.status(201).send({ ...endpointSummary(endpoint), secret });
    });

    app.get(`${base}/:endpoint`, async (request) => {
      const { application, p } = read(request);
      const endpoint = webhooks.get(application, p.endpoint);
      return { ...endpointSummary(endpoint), deliveries: webhooks.deliveries(application, endpoint.id, RECENT_DELIVERIES).map(deliverySummary) };
    });

    app.patch(`${base}/:endpoint`, async (request) => {
      const { access, application, p } = change(request);
      const body = bodyOf(request);
      const endpoint = await webhooks.update(application, p.endpoint, { url: body.url, events: body.events });
      audit(access, application, 'updated', endpoint.id, { ...(body.url !== undefined ? { url: endpoint.url } : {}), ...(body.events !== undefined ? { events: endpoint.events } : {}) });
      return endpointSummary(endpoint);
    });

    app.delete(`${base}/:endpoint`, async (request, reply) => {
      const { access, application, p } = change(request);
      const endpoint = webhooks.get(application, p.endpoint);
      webhooks.remove(application, endpoint.id);
      audit(access, application, 'deleted', endpoint.id, { url: endpoint.url });
      return reply.status(204).send();
    });

    app.post(`${base}/:endpoint/rotate-secret`, async (request) => {
      const { access, application, p } = change(request);
      const { endpoint, secret } = webhooks.rotateSecret(application, p.endpoint);
      audit(access, application, 'secret_rotated', endpoint.id);
      return { ...endpointSummary(endpoint), secret };
    });

    app.post(`${base}/:endpoint/enable`, async (request) => {
      const { access, application, p } = change(request);
      const endpoint = webhooks.enable(application, p.endpoint);
      audit(access, application, 'enabled', endpoint.id);
      return endpointSummary(endpoint);
    });

    app.post(`${base}/:endpoint/disable`, async (request) => {
      const { access, application, p } = change(request);
      const endpoint = webhooks.disable(application, p.endpoint, `disabled in the console by ${access.user.email}`);
      audit(access, application, 'disabled', endpoint.id);
      return endpointSummary(endpoint);
    });

    /** Sends `webhook.test` to this endpoint and answers how its first attempt went. */
    app.post(`${base}/:endpoint/test`, async (request) => {
      const { access, application, p } = change(request);
      const outcome = await webhooks.sendTest(application, p.endpoint, 'A test event sent from the console.');
      audit(access, application, 'tested', p.endpoint, { delivery: outcome.delivery, ok: outcome.ok, status_code: outcome.statusCode });
      const delivery = app.services.webhooksRepo.delivery(outcome.delivery);
      return { ok: outcome.ok, endpoint_disabled: outcome.endpointDisabled, delivery: delivery ? deliverySummary(delivery) : null };
    });
  };
}
