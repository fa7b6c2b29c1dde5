import { workerData } from 'node:worker_threads';
import type { ExtractionContent } from '../../../engine/src/contracts/extraction.js';
import { isServiceError, ServiceError } from '../../../engine/src/errors/service-error.js';
import type { DocumentTypeVersion } from '../../../engine/src/extract/document-type.js';
import type { VerificationEndpoint } from '../../../engine/src/extract/verify/chat-client.js';
import { Engine } from '../../../engine/src/node/engine.js';

export interface TextJob {
  clientOcr: unknown;
  /** The document type version as JSON text, and its schema id to find it parsed already. */
  schemaId: string;
  typeText: string;
  mode: string;
  options: unknown;
  llm: 'enabled' | 'disabled';
}

export type TextJobResult = { ok: true; content: ExtractionContent } | { ok: false; error: { code: string; message: string; param?: string; details?: Record<string, unknown> } };

// client_ocr needs no models: this engine never starts its OCR pool.
const engine = new Engine({ verification: (workerData as { verification?: VerificationEndpoint | null } | undefined)?.verification ?? null });

/**
 * Parsed versions by schema id, kept while the text sent matches: the same object each job, so
 * the engine's caches keyed by definition (compiled labels, checks, enum indexes) are hits.
 */
const types = new Map<string, { text: string; type: DocumentTypeVersion }>();
const MAX_TYPES = 200;

function typeOf(job: TextJob): DocumentTypeVersion {
  const known = types.get(job.schemaId);
  if (known && known.text === job.typeText) return known.type;
  const type = JSON.parse(job.typeText) as DocumentTypeVersion;
  if (types.size >= MAX_TYPES) types.clear();
  types.set(job.schemaId, { text: job.typeText, type });
  return type;
}

/** Piscina task: a client_ocr extraction, off the server's event loop. Never throws: errors come back as data. */
export default async function runTextJob(job: TextJob): Promise<TextJobResult> {
  try {
    return { ok: true, content: await engine.extract({ client_ocr: job.clientOcr }, typeOf(job), { mode: job.mode, options: job.options, llm: job.llm }) };
  } catch (err) {
    const e = isServiceError(err) ? err : new ServiceError('internal_error', { cause: err });
    return { ok: false, error: { code: e.code, message: e.message, param: e.param, details: e.details } };
  }
}
