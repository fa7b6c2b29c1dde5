import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from '../../../../engine/src/errors/service-error.js';
import { KeyAdmin, keySummary, type KeyRequest } from '../../admin/key-admin.js';
import { invalidParameter } from '../../http/invalid-parameter.js';
import { ApplicationService } from '../application-service.js';
import { objectBody, onlyFields } from '../application-settings.js';
import type { ConsoleContext, OrgAccess } from '../console-context.js';
import { requireRole, requireWritable } from '../roles.js';

type Params = { org: string; app: string; key: string };

const KEY_FIELDS = ['kind', 'name', 'scopes', 'rate_limit_per_minute', 'monthly_quota', 'expires_in_days', 'allowed_ips', 'allowed_origins', 'allowed_bundle_ids'] as const;
const MAX_KEY_NAME = 100;
const unknownField = (f: string) => invalidParameter(f, 'is not known here');

/** A key's name: absent, null or blank for none; else trimmed, at most 100 characters. */
function keyName(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim().length > MAX_KEY_NAME) throw invalidParameter('name', `must be a string of at most ${MAX_KEY_NAME} characters`);
  return value.trim() || null;
}

/**
 * Console API: applications (creation, settings, data policy, states) and their keys. Everyone
 * reads (never a key: it is shown once, in the answer that made it); changes need the role that
 * manages the application's environment (developer for development and test, admin for
 * production; the data policy needs admin everywhere) and are written to the audit log.
 */
export function applicationRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const { accounts, documentTypesRepo } = app.services;
    const keys = new KeyAdmin(accounts);
    const applications = new ApplicationService(accounts, documentTypesRepo, keys);
    const base = '/organizations/:org/applications';

    const read = (request: FastifyRequest) => {
      const p = request.params as Params;
      const access = ctx.org(request, p.org);
      return { access, application: ctx.application(access, p.app), p };
    };
    /**
     * The caller may issue keys of the application. An organization that is not active issues
     * none: `tenant_inactive`, the spec's code for keys, where other changes answer
     * `tenant_suspended` or `tenant_closed`.
     */
    const issuing = (request: FastifyRequest) => {
      const r = read(request);
      requireRole(r.access.member, 'manage_application', r.application.environment);
      if (r.access.organization.status !== 'active') throw new ServiceError('tenant_inactive');
      return r;
    };

    app.get(base, async (request) => {
      const access = ctx.org(request, (request.params as Params).org);
      return { data: applications.list(access) };
    });

    app.post(base, async (request, reply) => {
      const access = ctx.org(request, (request.params as Params).org);
      const made = applications.create(access, objectBody(request.body));
      return reply.status(201).send(applications.view(made));
    });

    app.get(`${base}/:app`, async (request) => applications.view(read(request).application));

    app.patch(`${base}/:app`, async (request) => {
      const { access, application } = read(request);
      return applications.view(applications.update(access, application, objectBody(request.body)));
    });

    app.put(`${base}/:app/data-policy`, async (request) => {
      const { access, application } = read(request);
      return applications.view(applications.setDataPolicy(access, application, objectBody(request.body)));
    });

    app.post(`${base}/:app/status`, async (request) => {
      const { access, application } = read(request);
      return applications.view(applications.setStatus(access, application, objectBody(request.body)));
    });

    app.get(`${base}/:app/keys`, async (request) => {
      const { application } = read(request);
      const now = new Date();
      return { data: accounts.keys(application.id).map((k) => keySummary(k, now)) };
    });

    app.post(`${base}/:app/keys`, async (request, reply) => {
      const { access, application } = issuing(request);
      const body = objectBody(request.body);
      onlyFields(body, KEY_FIELDS, unknownField);
      const req: KeyRequest = { ...(body as Omit<KeyRequest, 'kind'>), kind: body.kind, name: keyName(body.name) };
      const { key, record } = keys.create(application, req, actorOf(access));
      return reply.status(201).send({ key, ...keySummary(record) });
    });

    app.post(`${base}/:app/keys/:key/rotate`, async (request, reply) => {
      const { access, application, p } = issuing(request);
      const body = objectBody(request.body);
      onlyFields(body, ['grace_hours'], unknownField);
      const { key, record, old } = keys.rotate(application.id, p.key, 'grace_hours' in body ? body.grace_hours : undefined, actorOf(access));
      return reply.status(201).send({ key, ...keySummary(record), previous: keySummary(old) });
    });

    app.post(`${base}/:app/keys/:key/revoke`, async (request) => {
      const { access, application, p } = read(request);
      requireRole(access.member, 'manage_application', application.environment);
      requireWritable(access.organization);
      onlyFields(objectBody(request.body), [], unknownField);
      return keySummary(keys.revoke(application.id, p.key, actorOf(access)));
    });
  };
}

const actorOf = (access: OrgAccess) => access.user.email;
