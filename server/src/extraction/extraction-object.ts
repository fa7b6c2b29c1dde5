import type { ExtractionContent, ExtractionWarning } from '../../../engine/src/contracts/extraction.js';
import type { Metadata } from './parse-request.js';

/** What every extraction object says about where it came from, before any result. */
export interface ExtractionHead {
  id: string;
  created_at: string;
  document_type: string;
  schema_version: number;
  schema_id: string;
  mode: string;
  livemode: boolean;
  metadata: Metadata | null;
}

export const PROCESSED_ASYNC: ExtractionWarning = { code: 'processed_async', message: 'The document was queued; read the result with GET /v1/extractions/{id} or receive it by webhook.' };

/** The public object of a finished read (`succeeded`). Engine fields the spec does not name stay: the object is open. */
export function succeededObject(head: ExtractionHead, content: ExtractionContent, extraWarnings: ExtractionWarning[] = []) {
  const { warnings, ...rest } = content;
  return { id: head.id, object: 'extraction', status: 'succeeded', created_at: head.created_at, livemode: head.livemode, metadata: head.metadata, ...rest, warnings: [...extraWarnings, ...warnings] };
}

/** A queued extraction (the 202 answer): no result yet. */
export function queuedObject(head: ExtractionHead) {
  return { ...head, object: 'extraction', status: 'queued', warnings: [PROCESSED_ASYNC] };
}

/** A queued extraction that could not be processed. */
export function failedObject(head: ExtractionHead, error: { code: string; message: string }) {
  return { ...head, object: 'extraction', status: 'failed', warnings: [PROCESSED_ASYNC], error };
}
