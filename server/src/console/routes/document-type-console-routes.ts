import type { FastifyInstance, FastifyRequest } from 'fastify';
import { definitionProblems } from '../../../../engine/src/doctypes/check-definition.js';
import { isTemplateName } from '../../../../engine/src/doctypes/templates/index.js';
import { ServiceError } from '../../../../engine/src/errors/service-error.js';
import { invalidParameter } from '../../http/invalid-parameter.js';
import { WindowLimiter } from '../../http/rate-limiter.js';
import type { ConsoleContext, OrgAccess } from '../console-context.js';
import { proposeDefinitions, readDescription } from '../definition-proposals.js';
import { DocumentTypeViews } from '../document-type-views.js';
import { requireRole, requireWritable } from '../roles.js';

/** Proposals from a description: 30 an hour per organization (spec, Limits > Accounts). */
const PROPOSALS_PER_HOUR = 30;
const HOUR_MS = 3_600_000;

type Params = { org: string; key: string; version: string };

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};

/**
 * Console API: the organization's document types (and the built-in templates), drafts, live
 * validation, the changes a draft would publish, publication, archiving, versions, and
 * proposals from a description. Everyone reads and validates; developers and above change
 * (each change audited); the rules are DocumentTypeService's, as for `/v1/document-types`.
 */
export function documentTypeConsoleRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const { documentTypes, documentTypesRepo, accounts, config } = app.services;
    const views = new DocumentTypeViews(documentTypes, documentTypesRepo);
    const proposalLimiter = new WindowLimiter(HOUR_MS);
    const base = '/organizations/:org/document-types';

    const read = (request: FastifyRequest) => {
      const p = request.params as Params;
      return { access: ctx.org(request, p.org), p };
    };
    const change = (request: FastifyRequest) => {
      const r = read(request);
      requireRole(r.access.member, 'manage_document_types');
      requireWritable(r.access.organization);
      return r;
    };
    const audit = (access: OrgAccess, action: string, key: string, details: unknown = null) =>
      accounts.audit(access.organization.id, access.user.email, `document_type.${action}`, key, details);

    app.get(base, async (request) => views.list(read(request).access.organization));

    /** From a template or a definition; published as version 1 unless `publish` is false (then a draft only), as `/v1`. */
    app.post(base, async (request, reply) => {
      const { access } = change(request);
      const body = bodyOf(request);
      if (body.template !== undefined && typeof body.template !== 'string') throw new ServiceError('unknown_template', { param: 'template' });
      if (body.publish !== undefined && typeof body.publish !== 'boolean') throw invalidParameter('publish', 'must be a boolean');
      const input = { key: body.key as string, template: body.template as string | undefined, definition: body.definition, publish: body.publish as boolean | undefined };
      documentTypes.create(access.organization, input);
      audit(access, 'created', input.key, { template: input.template ?? null, published: input.publish !== false });
      return reply.status(201).send(views.type(access.organization, input.key));
    });

    /** Live validation for the editor: every problem at its path, never an error for an invalid definition. */
    app.post(`${base}/validate`, async (request) => {
      read(request);
      const problems = definitionProblems(bodyOf(request).definition);
      return { valid: problems.length === 0, problems };
    });

    /** Definitions proposed by the configured language model; checked, never stored. */
    app.post(`${base}/proposals`, async (request) => {
      const { access } = change(request);
      const description = readDescription(bodyOf(request).description);
      if (!config.llm) throw new ServiceError('llm_unconfigured');
      const decision = proposalLimiter.hit(access.organization.id, PROPOSALS_PER_HOUR);
      if (!decision.allowed) throw new ServiceError('rate_limited', { message: `At most ${PROPOSALS_PER_HOUR} proposals an hour per organization.`, details: { retry_after: decision.resetSeconds } });
      const { proposals, rejected } = await proposeDefinitions(config.llm, description);
      return {
        proposals: proposals.map((p) => ({ ...p, key_taken: documentTypesRepo.type(access.organization.id, p.key) !== null || isTemplateName(p.key) })),
        rejected,
      };
    });

    app.get(`${base}/:key`, async (request) => {
      const { access, p } = read(request);
      return views.type(access.organization, p.key);
    });

    app.put(`${base}/:key/draft`, async (request) => {
      const { access, p } = change(request);
      documentTypes.saveDraft(access.organization, p.key, bodyOf(request).definition);
      audit(access, 'draft_saved', p.key);
      return views.type(access.organization, p.key);
    });

    app.get(`${base}/:key/draft/changes`, async (request) => {
      const { access, p } = read(request);
      return documentTypes.draftChanges(access.organization, p.key);
    });

    app.post(`${base}/:key/publish`, async (request, reply) => {
      const { access, p } = change(request);
      const acknowledge = bodyOf(request).acknowledge_breaking;
      if (acknowledge !== undefined && typeof acknowledge !== 'boolean') throw invalidParameter('acknowledge_breaking', 'must be a boolean');
      const version = documentTypes.publish(access.organization, p.key, acknowledge === true);
      audit(access, 'published', p.key, { version: version.version, breaking: version.breaking });
      return reply.status(201).send(version);
    });

    app.post(`${base}/:key/archive`, async (request) => {
      const { access, p } = change(request);
      documentTypes.archive(access.organization, p.key);
      audit(access, 'archived', p.key);
      return views.type(access.organization, p.key);
    });

    app.get(`${base}/:key/versions/:version`, async (request) => {
      const { access, p } = read(request);
      if (!/^[1-9][0-9]{0,8}$/.test(p.version)) throw invalidParameter('version', 'must be a whole number of at least 1');
      return documentTypes.version(access.organization, p.key, Number(p.version));
    });
  };
}
