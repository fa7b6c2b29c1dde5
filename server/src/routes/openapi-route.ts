import type { SwaggerOptions } from '@fastify/swagger';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ENGINE_SEMVER } from '../../../engine/src/version.js';

/** The extraction form, for the description only: the handler reads the parts itself. */
const ExtractionForm = Type.Object({
  file: Type.Optional(Type.String({ format: 'binary', description: 'JPEG, PNG, WebP, TIFF, HEIC/HEIF or PDF; one of file or client_ocr.' })),
  client_ocr: Type.Optional(Type.String({ description: 'JSON text: `{width, height, lines}` or `{pages: [...]}`; coordinates 0 to 1, origin top-left.' })),
  document_type: Type.Optional(Type.String({ description: 'Needed when the application has no default.' })),
  schema_version: Type.Optional(Type.Integer({ description: 'Otherwise the pinned version, otherwise the latest.' })),
  mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('standard'), Type.Literal('verified')])),
  options: Type.Optional(Type.String({ description: 'JSON text of an object: tiling (auto, off, adaptive), known_merchants, include_ocr, embedded_data, review_below.' })),
  metadata: Type.Optional(Type.String({ description: 'JSON text of a flat object (strings, numbers, booleans, nulls), at most 2048 bytes.' })),
  async: Type.Optional(Type.Boolean({ description: 'Queue the extraction.' })),
});

/**
 * @fastify/swagger builds the description from the running routes' schemas, so it cannot drift
 * from them. Shared schemas become components named by their `$id`.
 */
export const OPENAPI_OPTIONS: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Document extraction API', version: ENGINE_SEMVER, description: 'The /v1 API of the docex server. Errors use one body: `{error: {type, code, message, param?, details?, request_id, doc_url}}`.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A secret key (svc_live_, svc_test_), a publishable key (svc_pk_live_, svc_pk_test_) or a client token (svc_ct_).' },
        serviceKey: { type: 'apiKey', in: 'header', name: 'X-Service-Key' },
      },
    },
    security: [{ bearer: [] }, { serviceKey: [] }],
  },
  refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `schema${i}`) },
  transform: ({ schema, url, route }) => {
    // The description is the /v1 API's; the console's own API and pages are described in docs/console.md.
    if (!url.startsWith('/v1/')) return { schema: { ...schema, hide: true }, url };
    if (url === '/v1/extractions' && route.method === 'POST') return { schema: { ...schema, body: ExtractionForm }, url };
    if (route.config?.credential === 'none') return { schema: { ...schema, security: [] }, url };
    return { schema, url };
  },
};

export async function openapiRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/openapi.json',
    { config: { credential: 'none' }, schema: { summary: 'This description (OpenAPI 3.1)', operationId: 'getOpenApi', tags: ['meta'] } },
    async () => app.swagger(),
  );
}
