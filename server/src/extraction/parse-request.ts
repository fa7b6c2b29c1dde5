import type { FastifyRequest } from 'fastify';
import { EXTRACTION_MODES, type ExtractionMode } from '../../../engine/src/contracts/extraction.js';
import { parseClientOcr } from '../../../engine/src/extract/client-ocr.js';
import { parseExtractOptions } from '../../../engine/src/extract/extract-options.js';
import { isServiceError, ServiceError } from '../../../engine/src/errors/service-error.js';
import { invalidParameter as invalid } from '../http/invalid-parameter.js';

/** The spec's upper file size; an organization may set a lower one. */
export const MAX_FILE_BYTES = 20_000_000;
const METADATA_MAX_BYTES = 2048;
const METADATA_MAX_KEYS = 50;

export type Metadata = Record<string, string | number | boolean | null>;

/** `POST /v1/extractions` after its form has been read and every field checked. */
export interface ExtractionRequest {
  file: { bytes: Buffer; declaredType: string | undefined } | null;
  /** client_ocr as parsed JSON (its structure already checked). */
  clientOcr: unknown;
  documentType: string | undefined;
  schemaVersion: number | undefined;
  mode: ExtractionMode | undefined;
  /** The options object as sent (checked by the engine's rules). */
  options: Record<string, unknown>;
  metadata: Metadata | null;
  async: boolean;
}

/**
 * Reads the multipart form, field by field, without trusting names or declared types, and
 * turns each problem into its spec code (`no_document`, `invalid_json`, `invalid_mode`,
 * `invalid_metadata`, `invalid_client_ocr`, `empty_file`, `file_too_large`...). Messages never
 * repeat what was sent.
 */
export async function parseExtractionRequest(request: FastifyRequest, maxFileBytes: number): Promise<ExtractionRequest> {
  if (!request.isMultipart()) throw invalid('body', 'must be sent as multipart/form-data');
  const fields = new Map<string, string>();
  let file: ExtractionRequest['file'] = null;
  let tooLarge = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 2, fields: 20, fieldSize: 25_000_000 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          throw invalid(part.fieldname, 'is not a file field; send the document as `file`');
        }
        if (file) throw invalid('file', 'must be sent once');
        const bytes = await part.toBuffer().catch((err: unknown) => {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
          throw err;
        });
        if (bytes === null) tooLarge = true;
        else file = { bytes, declaredType: part.mimetype && part.mimetype !== 'application/octet-stream' ? part.mimetype : undefined };
      } else {
        if (fields.has(part.fieldname)) throw invalid(part.fieldname, 'must be sent once');
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (err) {
    if (isServiceError(err)) throw err;
    const code = (err as { code?: unknown }).code;
    // The plugin also fails the form itself once a file passed the size limit.
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ServiceError('file_too_large', { param: 'file' });
    // Its other limits are the error handler's; a fault of ours stays a fault (internal_error).
    if ((typeof code === 'string' && code.startsWith('FST_')) || err instanceof TypeError || err instanceof ReferenceError || err instanceof RangeError) throw err;
    // What is left is the parser refusing the bytes (no boundary, the form cut short): the client's.
    throw invalid('body', 'could not be read as multipart/form-data');
  }
  if (tooLarge) throw new ServiceError('file_too_large', { param: 'file' });

  const clientOcrText = fields.get('client_ocr');
  if (file && clientOcrText !== undefined) throw invalid('client_ocr', 'cannot be sent together with file');
  if (!file && clientOcrText === undefined) throw new ServiceError('no_document');
  if (file && file.bytes.length === 0) throw new ServiceError('empty_file', { param: 'file' });

  // Any case, as the engine reads it (`VERIFIED`); results show it lower-case.
  const mode = fields.get('mode')?.trim().toLowerCase();
  if (mode !== undefined && !(EXTRACTION_MODES as readonly string[]).includes(mode)) throw new ServiceError('invalid_mode', { param: 'mode' });

  const options = jsonField(fields.get('options'), 'options');
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) throw new ServiceError('invalid_options', { param: 'options' });
  parseExtractOptions(options ?? {}); // invalid_option, naming it, before anything is accepted

  let clientOcr: unknown = undefined;
  if (clientOcrText !== undefined) {
    clientOcr = jsonField(clientOcrText, 'client_ocr');
    parseClientOcr(clientOcr);
  }

  const schemaVersionText = fields.get('schema_version');
  let schemaVersion: number | undefined;
  if (schemaVersionText !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(schemaVersionText.trim())) throw invalid('schema_version', 'must be a positive whole number');
    schemaVersion = Number(schemaVersionText.trim());
  }
  const asyncText = fields.get('async')?.trim().toLowerCase();
  if (asyncText !== undefined && !['true', 'false', '1', '0'].includes(asyncText)) throw invalid('async', 'must be true or false');
  const documentType = fields.get('document_type')?.trim() || undefined;

  return {
    file,
    clientOcr,
    documentType,
    schemaVersion,
    mode: mode as ExtractionMode | undefined,
    options: (options as Record<string, unknown> | undefined) ?? {},
    metadata: parseMetadata(fields.get('metadata')),
    async: asyncText === 'true' || asyncText === '1',
  };
}

function jsonField(text: string | undefined, param: string): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError('invalid_json', { param });
  }
}

/** A flat object of strings, numbers, booleans and nulls, at most 2048 bytes; only the first 50 keys are kept. */
function parseMetadata(text: string | undefined): Metadata | null {
  if (text === undefined) return null;
  if (Buffer.byteLength(text) > METADATA_MAX_BYTES) throw new ServiceError('invalid_metadata', { param: 'metadata', message: `metadata must be at most ${METADATA_MAX_BYTES} bytes.` });
  const value = jsonField(text, 'metadata');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ServiceError('invalid_metadata', { param: 'metadata' });
  const entries = Object.entries(value);
  if (!entries.every(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) throw new ServiceError('invalid_metadata', { param: 'metadata' });
  return Object.fromEntries(entries.slice(0, METADATA_MAX_KEYS)) as Metadata;
}
