import { workerData } from 'node:worker_threads';
import type { ExtractionContent } from '../../../engine/src/contracts/extraction.js';
import { isServiceError, ServiceError } from '../../../engine/src/errors/service-error.js';
import type { DocumentTypeVersion } from '../../../engine/src/extract/document-type.js';
import type { VerificationEndpoint } from '../../../engine/src/extract/verify/chat-client.js';
import { Engine } from '../../../engine/src/node/engine.js';

export interface TextJob {
  clientOcr: unknown;
  type: DocumentTypeVersion;
  mode: string;
  options: unknown;
  llm: 'enabled' | 'disabled';
}

export type TextJobResult = { ok: true; content: ExtractionContent } | { ok: false; error: { code: string; message: string; param?: string; details?: Record<string, unknown> } };

// client_ocr needs no models: this engine never starts its OCR pool.
const engine = new Engine({ verification: (workerData as { verification?: VerificationEndpoint | null } | undefined)?.verification ?? null });

/** Piscina task: a client_ocr extraction, off the server's event loop. Never throws: errors come back as data. */
export default async function runTextJob(job: TextJob): Promise<TextJobResult> {
  try {
    return { ok: true, content: await engine.extract({ client_ocr: job.clientOcr }, job.type, { mode: job.mode, options: job.options, llm: job.llm }) };
  } catch (err) {
    const e = isServiceError(err) ? err : new ServiceError('internal_error', { cause: err });
    return { ok: false, error: { code: e.code, message: e.message, param: e.param, details: e.details } };
  }
}
