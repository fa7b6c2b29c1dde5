import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { requireCapabilities, type AuthContext } from '../auth/authenticate.js';
import { isCapability, PUBLIC_CAPABILITIES, type Capability } from '../auth/capabilities.js';
import { signToken } from '../auth/client-token.js';
import { LIST_NOT_USABLE } from '../doctypes/document-type-service.js';
import { CREDENTIAL_CODES, responses, type AnsweredCode } from '../http/schemas.js';
import { invalidParameter } from '../http/invalid-parameter.js';

export const TOKEN_TTL = { min: 60, max: 3600, default: 600 } as const;
const SESSIONS_PER_MINUTE = 30;
const DOCUMENT_TYPES_NOT_USABLE: AnsweredCode = { code: 'document_type_not_found', status: LIST_NOT_USABLE.status };

const invalidScopes = () => invalidParameter('scopes', 'must be an array of capability names');

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { documentTypes, tokenSecret, requestLog, extractions, sessionLimiter } = app.services;

  /** A client token for `auth`'s key: the scopes asked (default every public one it holds). */
  const mint = (auth: AuthContext, asked: unknown, documentTypeKeys: unknown, ttl: number) => {
    const passable = auth.scopes.filter((c) => PUBLIC_CAPABILITIES.includes(c));
    let scopes: Capability[] = passable;
    if (asked !== undefined) {
      if (!Array.isArray(asked) || !asked.every((s) => typeof s === 'string')) throw invalidScopes();
      const unknown = asked.filter((s) => !isCapability(s));
      if (unknown.length > 0) throw invalidScopes();
      const notGranted = asked.filter((s) => !passable.includes(s as Capability));
      if (notGranted.length > 0) throw new ServiceError('scope_not_granted', { details: { not_granted: notGranted } });
      scopes = [...new Set(asked as Capability[])];
    }
    if (scopes.length === 0) throw new ServiceError('no_scopes', { param: 'scopes' });
    const types = documentTypes.checkUsable(auth.application, documentTypeKeys);
    const now = Math.floor(Date.now() / 1000);
    const token = signToken({ key: auth.key.id, application: auth.application.id, scopes, document_types: types, issued_at: now, expires_at: now + ttl }, tokenSecret);
    return {
      object: 'client_token' as const,
      token,
      expires_at: new Date((now + ttl) * 1000).toISOString(),
      scopes,
      application: auth.application.id,
      livemode: auth.livemode,
      document_types: types,
    };
  };

  app.post(
    '/v1/client-tokens',
    {
      config: { credential: 'secret' },
      schema: {
        summary: 'Mint a client token',
        operationId: 'createClientToken',
        tags: ['client tokens'],
        body: Type.Optional(
          Type.Object({
            ttl_seconds: Type.Optional(Type.Integer({ description: '60 to 3600; default 600.' })),
            scopes: Type.Optional(Type.Array(Type.String())),
            document_types: Type.Optional(Type.Array(Type.String())),
          }),
        ),
        response: responses({ 201: Type.Ref('ClientToken') }, [...CREDENTIAL_CODES, 'secret_key_required', 'missing_capability', 'scope_not_granted', 'invalid_ttl', 'no_scopes', 'invalid_parameters', 'invalid_json', DOCUMENT_TYPES_NOT_USABLE]),
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['client_tokens.create']);
      const body = (request.body ?? {}) as { ttl_seconds?: number; scopes?: unknown; document_types?: unknown };
      const ttl = body.ttl_seconds ?? TOKEN_TTL.default;
      if (ttl < TOKEN_TTL.min || ttl > TOKEN_TTL.max) throw new ServiceError('invalid_ttl', { param: 'ttl_seconds' });
      return reply.status(201).send(mint(auth, body.scopes, body.document_types, ttl));
    },
  );

  app.post(
    '/v1/client-sessions',
    {
      config: { credential: 'publishable' },
      schema: {
        summary: 'Open a client session with a publishable key',
        description: 'Answers a client token of the default lifetime (600 s). At most 30 a minute per publishable key.',
        operationId: 'createClientSession',
        tags: ['client tokens'],
        body: Type.Optional(Type.Object({ document_types: Type.Optional(Type.Array(Type.String())) })),
        response: responses({ 201: Type.Ref('ClientToken') }, [...CREDENTIAL_CODES.filter((c) => c !== 'publishable_key_not_allowed'), 'publishable_key_required', 'origin_not_allowed', 'no_scopes', 'invalid_parameters', 'invalid_json', DOCUMENT_TYPES_NOT_USABLE]),
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const body = (request.body ?? {}) as { document_types?: unknown };
      // The limit is on sessions opened: a refused request (an unusable type) is not counted.
      const session = mint(auth, undefined, body.document_types, TOKEN_TTL.default);
      const decision = sessionLimiter.hit(auth.key.id, SESSIONS_PER_MINUTE);
      if (!decision.allowed) throw new ServiceError('rate_limited', { message: 'At most 30 sessions a minute can be opened with one publishable key.', details: { retry_after: decision.resetSeconds } });
      return reply.status(201).send(session);
    },
  );

  app.get(
    '/v1/me',
    {
      config: { credential: 'standard' },
      schema: { summary: 'The calling credential', operationId: 'getMe', tags: ['account'], response: responses({ 200: Type.Ref('CredentialContext') }, CREDENTIAL_CODES) },
    },
    async (request) => {
      const auth = request.auth!;
      return {
        object: 'credential_context',
        tenant: auth.organization.id,
        application: auth.application.id,
        application_name: auth.application.name,
        environment: auth.application.environment,
        livemode: auth.livemode,
        kind: auth.kind,
        credential: auth.key.id,
        scopes: auth.scopes,
        rate_limit_per_minute: auth.rateLimitPerMinute,
        token_expires_at: auth.token ? new Date(auth.token.expires_at * 1000).toISOString() : null,
      };
    },
  );

  app.get(
    '/v1/usage',
    {
      config: { credential: 'standard' },
      schema: {
        summary: "The application's usage",
        description: 'Requests, documents, pages, error rate and latency over the last `days` days (1 to 90, default 30), a daily series, and the organization\'s documents this month.',
        operationId: 'getUsage',
        tags: ['account'],
        querystring: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 30 })) }),
        response: responses({ 200: Type.Ref('Usage') }, [...CREDENTIAL_CODES, 'missing_capability', 'invalid_parameters']),
      },
    },
    async (request) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['usage.read']);
      const days = (request.query as { days: number }).days;
      const now = new Date();
      const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
      const u = await requestLog.usage(auth.application.id, from.toISOString());
      const pct = (p: number) => (u.durations.length === 0 ? 0 : Math.round(u.durations[Math.min(u.durations.length - 1, Math.floor((p / 100) * u.durations.length))] * 10) / 10);
      return {
        object: 'usage',
        application: auth.application.id,
        days,
        from: from.toISOString(),
        to: now.toISOString(),
        requests: u.requests,
        documents: u.documents,
        pages: u.pages,
        errors: u.errors,
        error_rate: u.requests === 0 ? 0 : Math.round((u.errors / u.requests) * 10_000) / 10_000,
        latency_ms: { p50: pct(50), p95: pct(95), p99: pct(99) },
        daily: u.daily,
        organization: { documents_this_month: extractions.organizationDocuments(auth.organization.id, now), monthly_quota: auth.organization.monthly_quota },
      };
    },
  );
}
