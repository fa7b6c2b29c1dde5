import type { ExtractionContent, ExtractionMode, ExtractionWarning, TextSource } from '../contracts/extraction.js';
import { ENGINE_VERSION } from '../version.js';
import type { DocumentTypeVersion } from './document-type.js';
import type { EmbeddedInvoice } from './embedded/read-embedded-invoice.js';
import { extractFields, type ExtractFieldsOptions } from './extract-fields.js';
import type { TextPage } from './layout/document-text.js';

export interface TextExtractionInput {
  pages: TextPage[];
  warnings?: ExtractionWarning[];
  /** The invoice XML embedded in the PDF, read (extract/embedded/); its values win over the page's. */
  embedded?: EmbeddedInvoice | null;
}

export interface TextExtractionOptions extends ExtractFieldsOptions {
  mode?: ExtractionMode;
}

/**
 * The extraction content from page text: no image work, so it is what `client_ocr` input costs.
 * Files go through intake and OCR first (engine/src/node/engine.ts), then here.
 */
export function extractFromText(input: TextExtractionInput, type: DocumentTypeVersion, options: TextExtractionOptions = {}): ExtractionContent {
  const { data, fields, review } = extractFields(input.pages, type.definition, { ...options, embedded: input.embedded ?? null });
  const warnings = input.warnings ?? [];
  // A file that is not what its sender said it is: a person should confirm it is the right one.
  const mismatch = warnings.find((w) => w.code === 'declared_type_mismatch');
  if (mismatch) {
    review.reasons.push({ code: 'declared_type_mismatch', path: '', message: mismatch.message });
    review.required = true;
  }
  return {
    document_type: type.key,
    schema_version: type.version,
    schema_id: type.schema_id,
    mode: options.mode ?? 'standard',
    data,
    fields,
    review,
    processing: { engine: ENGINE_VERSION, pages: input.pages.length, text_sources: input.pages.map((p) => p.source as TextSource) },
    warnings,
  };
}
