import { EXTRACTION_MODES, TILING_MODES, type ExtractionMode, type TilingMode } from '../contracts/extraction.js';
import { ServiceError } from '../errors/service-error.js';
import { knownMerchantList } from './find/known-merchants.js';

/** The request's `options` object as the engine reads it (docs/extraction.md, "Options"). */
export interface ExtractOptions {
  /** Names the merchant read may be snapped to: 250 at most, each cut to 60 characters. */
  known_merchants: string[];
  /** Read an invoice XML embedded in a PDF first (default true). */
  embedded_data: boolean;
  /** Return the page text read (`ocr` on the extraction). */
  include_ocr: boolean;
  /** Values with confidence under this send the extraction to review (0 to 1). */
  review_below?: number;
  /** How the text detector covers a page (`auto` by default; `adaptive` needs the capability on the server). */
  tiling: TilingMode;
}

/**
 * Parses `options` (an object or its JSON text). Not an object: `invalid_options`; a JSON text
 * that does not parse: `invalid_json` (param `options`); a known option of the wrong type:
 * `invalid_option` with `param` naming it (`options.review_below`). Unknown names are ignored, as the object is open.
 */
export function parseExtractOptions(input: unknown): ExtractOptions {
  let value = input ?? {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new ServiceError('invalid_json', { param: 'options' });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ServiceError('invalid_options', { param: 'options' });
  const o = value as Record<string, unknown>;
  const wrong = (option: string, expected: string): never => {
    throw new ServiceError('invalid_option', { param: `options.${option}`, message: `The option ${option} must be ${expected}.` });
  };
  if (o.known_merchants !== undefined && !(Array.isArray(o.known_merchants) && o.known_merchants.every((n) => typeof n === 'string'))) wrong('known_merchants', 'an array of strings');
  if (o.embedded_data !== undefined && typeof o.embedded_data !== 'boolean') wrong('embedded_data', 'true or false');
  if (o.include_ocr !== undefined && typeof o.include_ocr !== 'boolean') wrong('include_ocr', 'true or false');
  if (o.review_below !== undefined && !(typeof o.review_below === 'number' && o.review_below >= 0 && o.review_below <= 1)) wrong('review_below', 'a number from 0 to 1');
  if (o.tiling !== undefined && !(TILING_MODES as readonly unknown[]).includes(o.tiling)) wrong('tiling', `one of ${TILING_MODES.join(', ')}`);
  return {
    known_merchants: knownMerchantList(o.known_merchants),
    embedded_data: o.embedded_data !== false,
    include_ocr: o.include_ocr === true,
    tiling: (o.tiling as TilingMode | undefined) ?? 'auto',
    ...(o.review_below !== undefined ? { review_below: o.review_below as number } : {}),
  };
}

/** `fast`, `standard` or `verified`; anything else is `invalid_mode` (param `mode`). */
export function parseMode(input: unknown): ExtractionMode {
  if (input === undefined || input === null || input === '') return 'standard';
  const m = typeof input === 'string' ? input.toLowerCase() : input;
  if (!(EXTRACTION_MODES as readonly unknown[]).includes(m)) throw new ServiceError('invalid_mode', { param: 'mode' });
  return m as ExtractionMode;
}
