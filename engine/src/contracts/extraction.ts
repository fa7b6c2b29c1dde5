import type { FieldCheck, ReviewReason } from './definition.js';
import type { BoundingBox } from './ocr.js';

/**
 * What `extract()` returns: the spec's extraction content, without the parts the server adds
 * (`id`, `object`, `status`, `livemode`). docs/extraction.md describes every value.
 */

export const EXTRACTION_MODES = ['fast', 'standard', 'verified'] as const;
export type ExtractionMode = (typeof EXTRACTION_MODES)[number];

/**
 * `options.tiling`: how the text detector covers a page (docs/extraction.md, "Options").
 * `auto`: the fixed plan (shortest side scaled to the detector's size, long pages cut into
 * overlapping tiles); `off`: the whole page in one detector run; `adaptive`: the scale is chosen
 * from the size of the text found, so small print is detected at a higher resolution, in tiles.
 */
export const TILING_MODES = ['auto', 'off', 'adaptive'] as const;
export type TilingMode = (typeof TILING_MODES)[number];

/**
 * A field's extraction status. `ok`: found and passed its checks; `missing`: not found;
 * `invalid`: found, but the value fails its type, pattern or range (`data` holds null);
 * `corrected`: the value differs from what was read: a rule filled it in from other fields,
 * a known merchant name replaced a near match, or verification changed it.
 */
export const FIELD_STATUSES = ['ok', 'missing', 'invalid', 'corrected'] as const;
export type FieldStatus = (typeof FIELD_STATUSES)[number];

/**
 * Where a value came from: the OCR models, a PDF's text layer, the caller's `client_ocr` lines,
 * the invoice XML embedded in a PDF, a rule of the definition (computed from other fields), or
 * the language model of verified mode, or the layout model (the value was read from the page's
 * text, `processing.text_sources` says which, and the layout model chose it). Null for a missing field.
 */
export const FIELD_SOURCES = ['ocr', 'pdf_text', 'client_ocr', 'embedded_xml', 'rule', 'verification', 'layout_model'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

/** Text sources a page can have. */
export type TextSource = 'ocr' | 'pdf_text' | 'client_ocr';

export interface FieldResult {
  value: unknown;
  type: string;
  status: FieldStatus;
  /** Probability that the value is right, 0 to 1 (0 for a missing field); see docs/extraction.md. */
  confidence: number;
  /** True when verified mode's language model agreed with (or supplied) the value. */
  verified: boolean;
  checks: FieldCheck[];
  source: FieldSource | null;
  page: number | null;
  bounding_box: BoundingBox | null;
  raw_text: string | null;
  /** Objects: the result of each of its fields. */
  fields?: Record<string, FieldResult>;
  /** Arrays of objects: one field result per item field, item by item. */
  items?: Record<string, FieldResult>[];
  /** Dates whose day and month could swap: the reading taken and why (see normalizers). */
  date_order?: { order: 'dmy' | 'mdy' | 'ymd'; reason: string };
}

export const WARNING_CODES = [
  'declared_type_mismatch',
  'processed_async',
  'low_image_quality',
  'multiple_documents',
  'embedded_data_unreadable',
  'client_ocr_truncated',
  'verification_failed',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

/** One entry of the extraction's `warnings`. */
export interface ExtractionWarning {
  code: WarningCode;
  message: string;
}

export const VERIFICATION_OUTCOMES = ['agreed', 'disagreed', 'filled', 'rejected', 'unanswered'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

export interface ExtractionContent {
  document_type: string;
  schema_version: number;
  schema_id: string;
  mode: ExtractionMode;
  data: Record<string, unknown>;
  fields: Record<string, FieldResult>;
  review: { required: boolean; reasons: ReviewReason[] };
  processing: {
    engine: string;
    pages: number;
    /** Text source of each page, in page order. */
    text_sources: (TextSource | 'embedded_xml')[];
    /** Verified mode: how many fields the language model agreed with, disagreed with, filled... */
    verification?: Record<VerificationOutcome, number>;
  };
  warnings: ExtractionWarning[];
  /** With `options.include_ocr`: the page text the values were read from. */
  ocr?: { pages: unknown[] };
}
