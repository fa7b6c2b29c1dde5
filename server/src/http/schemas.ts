import { Type, type TSchema } from '@sinclair/typebox';
import { ErrorBody } from '../../../engine/src/contracts/error-body.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../../../engine/src/errors/error-catalogue.js';

/**
 * Route schemas (TypeBox, i.e. JSON Schema): Fastify validates input and serializes output with
 * them, and the OpenAPI description is generated from them. Resource objects are open
 * (`additionalProperties`), as the spec asks clients to ignore unknown fields.
 */

const open = { additionalProperties: true };

export const Warning = Type.Object({ code: Type.String(), message: Type.String() }, { ...open, $id: 'Warning' });

export const Extraction = Type.Object(
  {
    id: Type.String({ description: 'Prefix `svc_req_`; also the id of the request that created it.' }),
    object: Type.Literal('extraction'),
    status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('succeeded'), Type.Literal('failed')]),
    created_at: Type.String({ description: 'ISO 8601 UTC.' }),
    document_type: Type.String(),
    schema_version: Type.Integer(),
    schema_id: Type.String(),
    mode: Type.Union([Type.Literal('fast'), Type.Literal('standard'), Type.Literal('verified')]),
    livemode: Type.Boolean(),
    metadata: Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])), Type.Null()]),
    data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    fields: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    review: Type.Optional(Type.Object({ required: Type.Boolean(), reasons: Type.Array(Type.Unknown()) }, open)),
    processing: Type.Optional(Type.Object({ engine: Type.String() }, open)),
    warnings: Type.Array(Warning),
    error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, open)),
  },
  { ...open, $id: 'Extraction' },
);

export const ClientToken = Type.Object(
  {
    object: Type.Literal('client_token'),
    token: Type.String(),
    expires_at: Type.String(),
    scopes: Type.Array(Type.String()),
    application: Type.String(),
    livemode: Type.Boolean(),
    document_types: Type.Array(Type.String()),
  },
  { ...open, $id: 'ClientToken' },
);

export const CredentialContext = Type.Object(
  {
    object: Type.Literal('credential_context'),
    tenant: Type.String(),
    application: Type.String(),
    application_name: Type.String(),
    environment: Type.Union([Type.Literal('development'), Type.Literal('test'), Type.Literal('production')]),
    livemode: Type.Boolean(),
    kind: Type.Union([Type.Literal('secret'), Type.Literal('client_token')]),
    credential: Type.String(),
    scopes: Type.Array(Type.String()),
    rate_limit_per_minute: Type.Integer(),
    token_expires_at: Type.Union([Type.String(), Type.Null()]),
  },
  { ...open, $id: 'CredentialContext' },
);

const Counts = { requests: Type.Integer(), documents: Type.Integer(), pages: Type.Integer(), errors: Type.Integer() };
export const Usage = Type.Object(
  {
    object: Type.Literal('usage'),
    application: Type.String(),
    days: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    ...Counts,
    error_rate: Type.Number(),
    latency_ms: Type.Object({ p50: Type.Number(), p95: Type.Number(), p99: Type.Number() }),
    daily: Type.Array(Type.Object({ date: Type.String(), ...Counts })),
    organization: Type.Object({ documents_this_month: Type.Integer(), monthly_quota: Type.Union([Type.Integer(), Type.Null()]) }),
  },
  { ...open, $id: 'Usage' },
);

const VersionSummary = Type.Object({ version: Type.Integer(), schema_id: Type.String(), created_at: Type.String() }, open);
export const DocumentType = Type.Object(
  {
    object: Type.Literal('document_type'),
    key: Type.String(),
    source: Type.Union([Type.Literal('builtin'), Type.Literal('template'), Type.Literal('custom')]),
    template: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.Literal('active'), Type.Literal('archived')]),
    latest_version: Type.Union([Type.Integer(), Type.Null()]),
    versions: Type.Array(VersionSummary),
    draft: Type.Union([Type.Object({ definition: Type.Unknown(), updated_at: Type.String() }), Type.Null()]),
    created_at: Type.String(),
  },
  { ...open, $id: 'DocumentType' },
);

export const DocumentTypeList = Type.Object({ object: Type.Literal('list'), data: Type.Array(Type.Ref('DocumentType')) }, { $id: 'DocumentTypeList' });

export const DocumentTypeVersion = Type.Object(
  {
    object: Type.Literal('document_type_version'),
    document_type: Type.String(),
    version: Type.Integer(),
    schema_id: Type.String(),
    definition: Type.Record(Type.String(), Type.Unknown()),
    schema: Type.Record(Type.String(), Type.Unknown()),
    changes: Type.Array(Type.Object({ kind: Type.String(), path: Type.String(), breaking: Type.Boolean() }, open)),
    breaking: Type.Boolean(),
    created_at: Type.String(),
  },
  { ...open, $id: 'DocumentTypeVersion' },
);

export const Error = Type.Object(ErrorBody.properties, { $id: 'Error', description: 'The one error body of the API.' });

/** Shared schemas, added to Fastify once and referenced by `$ref` from routes and the OpenAPI document. */
export const SHARED_SCHEMAS: TSchema[] = [Warning, Extraction, ClientToken, CredentialContext, Usage, DocumentType, DocumentTypeList, DocumentTypeVersion, Error];

/** A code a route answers under another status than the catalogue's (a ServiceError's `answeredAs`). */
export interface AnsweredCode {
  code: ErrorCode;
  status: number;
}

/**
 * Response schemas of a route: its success answers plus one error entry a status, each
 * describing the codes the route can answer with (so the OpenAPI document lists them).
 */
export function responses(success: Record<number, TSchema>, codes: readonly (ErrorCode | AnsweredCode)[]): Record<string, TSchema> {
  const out: Record<string, TSchema> = {};
  for (const [status, schema] of Object.entries(success)) out[status] = schema;
  const byStatus = new Map<number, ErrorCode[]>();
  for (const entry of [...codes, ...COMMON_CODES]) {
    const code = typeof entry === 'string' ? entry : entry.code;
    const s = typeof entry === 'string' ? ERROR_CATALOGUE[code].status : entry.status;
    if (!byStatus.get(s)?.includes(code)) byStatus.set(s, [...(byStatus.get(s) ?? []), code]);
  }
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = Type.Ref('Error', { description: `Error codes: ${list.map((c) => `\`${c}\``).join(', ')}.` });
  }
  return out;
}

/** Codes any authenticated route can answer with. */
export const CREDENTIAL_CODES: readonly ErrorCode[] = [
  'missing_credentials',
  'invalid_credentials',
  'invalid_api_key',
  'api_key_revoked',
  'api_key_expired',
  'invalid_token',
  'token_expired',
  'publishable_key_not_allowed',
  'ip_not_allowed',
  'tenant_suspended',
  'tenant_closed',
  'application_disabled',
  'rate_limited',
];
const COMMON_CODES: readonly ErrorCode[] = ['internal_error', 'receviz_disabled'];
