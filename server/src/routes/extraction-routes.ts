import { Type } from '@sinclair/typebox';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { CorrectionWriter } from '../extraction/correction-writer.js';
import { ExtractionService, IDEMPOTENCY_KEY_MAX } from '../extraction/extraction-service.js';
import { requireCapabilities } from '../auth/authenticate.js';
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

  correctionRoute(app);
}

const CorrectionBody = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 300, description: 'Dotted path of the field: `amount`, `merchant.name`, `line_items.0.amount` (or `line_items[0].amount`).' }),
    value: Type.Unknown({ description: "The right value, of the field's type; null (or blank text) clears it." }),
    corrected_by: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Who corrected it, as the client knows them (a name, an operator id); default: the key.' })),
  },
  { additionalProperties: false },
);

const CorrectionAnswer = Type.Object({
  object: Type.Literal('correction'),
  id: Type.String(),
  extraction: Type.String(),
  field: Type.String(),
  previous_value: Type.Unknown(),
  value: Type.Unknown(),
  corrected_by: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  field_result: Type.Unknown({ description: "The field's result after the correction: status `corrected`, confidence 1." }),
});

/**
 * `POST /v1/extractions/{id}/corrections`: an extension of the spec's API for clients that review
 * results themselves (the desktop app). The stored result changes for every later read; sending the
 * same value again records nothing new (200 with the correction already made).
 */
function correctionRoute(app: FastifyInstance): void {
  const writer = new CorrectionWriter(app.services);
  app.post(
    '/v1/extractions/:extraction_id/corrections',
    {
      config: { credential: 'standard' },
      schema: {
        summary: 'Correct a field of an extraction (extension)',
        description: "Not in the interface specification: a reviewed value goes back to the server. The extraction's stored result answers it from then on, with the field's status `corrected`.",
        operationId: 'correctExtraction',
        tags: ['extractions'],
        params: Type.Object({ extraction_id: Type.String() }),
        body: CorrectionBody,
        response: responses({ 200: CorrectionAnswer, 201: CorrectionAnswer }, [
          ...CREDENTIAL_CODES,
          'missing_capability',
          'extraction_not_found',
          'field_not_found',
          'invalid_correction',
          'invalid_parameters',
          'invalid_json',
        ]),
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      requireCapabilities(auth, ['documents.extract']);
      const body = request.body as { field: string; value: unknown; corrected_by?: string };
      const { extraction_id: id } = request.params as { extraction_id: string };
      const name = body.corrected_by ?? `${auth.kind === 'client_token' ? 'client token of key' : 'key'} ...${auth.key.hint}`;
      const written = writer.write(auth.application, id, body, { id: auth.key.id, name, auditActor: `api:${auth.key.id}` });
      const c = written.correction;
      return reply.status(written.unchanged ? 200 : 201).send({
        object: 'correction',
        id: c.id,
        extraction: c.extraction_id,
        field: c.field,
        previous_value: c.previous_value,
        value: c.value,
        corrected_by: c.email,
        created_at: c.created_at,
        field_result: written.field,
      });
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
