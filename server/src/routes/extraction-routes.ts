import { Type } from '@sinclair/typebox';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { ExtractionService, IDEMPOTENCY_KEY_MAX } from '../extraction/extraction-service.js';
import { parseExtractionRequest } from '../extraction/parse-request.js';
import { CREDENTIAL_CODES, responses } from '../http/schemas.js';

export async function extractionRoutes(app: FastifyInstance): Promise<void> {
  const { extractions } = app.services;
  // Multipart in its own context with the one route that takes documents: the plugin adds an
  // onRequest and an onResponse hook to every route it can see. Its limits are set where the
  // form is read (`parseExtractionRequest`), which knows the organization's file size limit.
  await app.register(async (upload) => {
    await upload.register(multipart);
    createRoute(upload, extractions);
  });

  app.get(
    '/v1/extractions/:extraction_id',
    {
      config: { credential: 'standard' },
      schema: {
        summary: 'Read an extraction',
        operationId: 'getExtraction',
        tags: ['extractions'],
        params: Type.Object({ extraction_id: Type.String() }),
        response: responses({ 200: Type.Ref('Extraction') }, [...CREDENTIAL_CODES, 'missing_capability', 'extraction_not_found']),
      },
    },
    // Synchronous: the read needs no await, and an async handler's promise costs a microtask turn.
    (request, reply) => {
      void reply.type('application/json; charset=utf-8').send(extractions.get(request.auth!, (request.params as { extraction_id: string }).extraction_id));
    },
  );
}

/** `POST /v1/extractions`. */
function createRoute(app: FastifyInstance, extractions: ExtractionService): void {
  app.post(
    '/v1/extractions',
    {
      config: { credential: 'standard' },
      schema: {
        summary: 'Create an extraction',
        description: 'Reads a document (multipart `file`) or text lines a device read (`client_ocr`). Synchronous by default; queued (202) with `async=true`, over 10 MB or over 3 PDF pages.',
        operationId: 'createExtraction',
        tags: ['extractions'],
        consumes: ['multipart/form-data'],
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ description: 'At most 128 characters; remembered 24 hours.' })) }),
        response: responses({ 200: Type.Ref('Extraction'), 202: Type.Ref('Extraction') }, [
          ...CREDENTIAL_CODES,
          'missing_capability',
          'verification_disabled',
          'custom_document_types_not_allowed',
          'document_type_not_assigned',
          'document_type_not_allowed',
          'document_type_required',
          'document_type_not_found',
          'document_type_unpublished',
          'version_not_found',
          'invalid_parameters',
          'invalid_json',
          'invalid_options',
          'invalid_option',
          'invalid_mode',
          'invalid_metadata',
          'invalid_client_ocr',
          'no_document',
          'invalid_idempotency_key',
          'idempotency_key_reused',
          'extraction_not_found',
          'empty_file',
          'file_too_large',
          'unsupported_media_type',
          'heic_unsupported',
          'image_too_large',
          'unreadable_image',
          'unreadable_pdf',
          'pdf_encrypted',
          'empty_pdf',
          'too_many_pages',
          'processing_timeout',
          'ocr_unavailable',
          'quota_exceeded',
          'key_quota_exceeded',
        ]),
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const idempotencyKey = request.headers['idempotency-key'];
      if (typeof idempotencyKey === 'string' && idempotencyKey.length > IDEMPOTENCY_KEY_MAX) throw new ServiceError('invalid_idempotency_key', { param: 'Idempotency-Key' });
      const req = await parseExtractionRequest(request, ExtractionService.maxFileBytes(auth));
      const outcome = await extractions.create(auth, req, request.id, typeof idempotencyKey === 'string' && idempotencyKey !== '' ? idempotencyKey : undefined);
      if (!outcome.replayed) request.usage = { documents: 1, pages: outcome.pages };
      else void reply.header('Idempotent-Replayed', 'true');
      if (outcome.status === 202) void reply.header('Location', `/v1/extractions/${outcome.id}`);
      // Sent as the text already made for storage: the object is serialized once.
      return reply.status(outcome.status).type('application/json; charset=utf-8').send(outcome.body);
    },
  );
}
