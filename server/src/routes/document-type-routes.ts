import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireCapabilities } from '../auth/authenticate.js';
import { CREDENTIAL_CODES, responses } from '../http/schemas.js';

const KeyParam = Type.Object({ key: Type.String() });
const WRITE_CODES = [...CREDENTIAL_CODES, 'secret_key_required', 'missing_capability', 'invalid_parameters', 'invalid_json'] as const;

export async function documentTypeRoutes(app: FastifyInstance): Promise<void> {
  const { documentTypes } = app.services;

  app.get(
    '/v1/document-types',
    {
      config: { credential: 'standard' },
      schema: { summary: 'Document types the application can use', operationId: 'listDocumentTypes', tags: ['document types'], response: responses({ 200: Type.Ref('DocumentTypeList') }, CREDENTIAL_CODES) },
    },
    async (request) => documentTypes.list(request.auth!.application),
  );

  app.post(
    '/v1/document-types',
    {
      config: { credential: 'secret' },
      schema: {
        summary: 'Create a document type',
        description: 'From a built-in `template` or a `definition`; published as version 1 unless `publish` is false (then it is a draft).',
        operationId: 'createDocumentType',
        tags: ['document types'],
        body: Type.Object({ key: Type.String(), template: Type.Optional(Type.String()), definition: Type.Optional(Type.Record(Type.String(), Type.Unknown())), publish: Type.Optional(Type.Boolean()) }),
        response: responses({ 201: Type.Ref('DocumentType') }, [...WRITE_CODES, 'invalid_key', 'key_taken', 'unknown_template', 'invalid_definition', 'too_many_document_types']),
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['schemas.write']);
      return reply.status(201).send(documentTypes.create(auth.organization, request.body as { key: string; template?: string; definition?: unknown; publish?: boolean }));
    },
  );

  app.get(
    '/v1/document-types/:key',
    {
      config: { credential: 'standard' },
      schema: { summary: 'One document type with its versions and draft', operationId: 'getDocumentType', tags: ['document types'], params: KeyParam, response: responses({ 200: Type.Ref('DocumentType') }, [...CREDENTIAL_CODES, 'missing_capability', 'document_type_not_found']) },
    },
    async (request) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['schemas.read']);
      return documentTypes.typeObject(auth.organization.id, (request.params as { key: string }).key);
    },
  );

  app.put(
    '/v1/document-types/:key/draft',
    {
      config: { credential: 'secret' },
      schema: {
        summary: "Replace a type's draft",
        operationId: 'saveDocumentTypeDraft',
        tags: ['document types'],
        params: KeyParam,
        body: Type.Object({ definition: Type.Record(Type.String(), Type.Unknown()) }),
        response: responses({ 200: Type.Ref('DocumentType') }, [...WRITE_CODES, 'document_type_not_found', 'document_type_archived', 'invalid_definition']),
      },
    },
    async (request) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['schemas.write']);
      return documentTypes.saveDraft(auth.organization, (request.params as { key: string }).key, (request.body as { definition: unknown }).definition);
    },
  );

  app.post(
    '/v1/document-types/:key/publish',
    {
      config: { credential: 'secret' },
      schema: {
        summary: 'Publish the draft as the next version',
        operationId: 'publishDocumentType',
        tags: ['document types'],
        params: KeyParam,
        body: Type.Optional(Type.Object({ acknowledge_breaking: Type.Optional(Type.Boolean()) })),
        response: responses({ 201: Type.Ref('DocumentTypeVersion') }, [...WRITE_CODES, 'document_type_not_found', 'document_type_archived', 'no_draft', 'nothing_changed', 'breaking_change', 'invalid_definition']),
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['schemas.write']);
      const body = (request.body ?? {}) as { acknowledge_breaking?: boolean };
      return reply.status(201).send(documentTypes.publish(auth.organization, (request.params as { key: string }).key, body.acknowledge_breaking === true));
    },
  );

  app.post(
    '/v1/document-types/:key/archive',
    {
      config: { credential: 'secret' },
      schema: { summary: 'Archive a type', operationId: 'archiveDocumentType', tags: ['document types'], params: KeyParam, response: responses({ 200: Type.Ref('DocumentType') }, [...WRITE_CODES, 'document_type_not_found', 'document_type_archived']) },
    },
    async (request) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['schemas.write']);
      return documentTypes.archive(auth.organization, (request.params as { key: string }).key);
    },
  );

  app.get(
    '/v1/document-types/:key/versions/:version',
    {
      config: { credential: 'standard' },
      schema: {
        summary: 'One published version',
        operationId: 'getDocumentTypeVersion',
        tags: ['document types'],
        params: Type.Object({ key: Type.String(), version: Type.Integer({ minimum: 1 }) }),
        response: responses({ 200: Type.Ref('DocumentTypeVersion') }, [...CREDENTIAL_CODES, 'missing_capability', 'invalid_parameters', 'document_type_not_found', 'version_not_found']),
      },
    },
    async (request) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['schemas.read']);
      const { key, version } = request.params as { key: string; version: number };
      return documentTypes.version(auth.organization, key, version);
    },
  );

  app.get(
    '/v1/schemas/:schema_id',
    {
      config: { credential: 'standard' },
      schema: {
        summary: 'A published version by its schema id',
        operationId: 'getSchema',
        tags: ['document types'],
        params: Type.Object({ schema_id: Type.String() }),
        response: responses({ 200: Type.Ref('DocumentTypeVersion') }, [...CREDENTIAL_CODES, 'missing_capability', 'schema_not_found']),
      },
    },
    async (request) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['schemas.read']);
      return documentTypes.bySchemaId(auth.organization, (request.params as { schema_id: string }).schema_id);
    },
  );
}
