import type { RgbImage } from '../../contracts/raster.js';
import { ServiceError, isServiceError } from '../../errors/service-error.js';
import type { DocumentPage, IntakeLimits, IntakeOptions, IntakeResult, MediaType } from '../document.js';
import { assertImageWithinLimits, resolveLimits } from '../limits.js';
import { findPngDamage, pngHeaderSize } from '../png-check.js';
import { declaredTypeMismatch, sniffMediaType } from '../sniff.js';
import { decodeHeif, loadLibheif, type HeifDecoderLoader } from './heif-decoder.js';
import { openPdfIsolated } from './isolated-pdf-reader.js';
import { DEFAULT_PDF_OPERATION_TIMEOUT_MS } from './pdf-reader.js';
import { decodeRaster, readRasterHeader } from './raster-decoder.js';

export type { HeifDecoderLoader, LibHeif } from './heif-decoder.js';

export interface ReadDocumentOptions extends IntakeOptions {
  /**
   * Loads the HEIC/HEIF decoder (default: libheif-js, WASM). `null` configures a deployment
   * without HEIC support; a loader that rejects has the same effect: `heic_unsupported`.
   */
  heifDecoder?: HeifDecoderLoader | null;
  /** Time each pdf.js operation may take before `unreadable_pdf`; 20 s by default. */
  pdfOperationTimeoutMs?: number;
}

/** Decoded TIFF pages kept in memory up to this many bytes; pages past it are decoded again on `render()`. */
const TIFF_RASTER_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * Reads a document: checks run in the spec's order, and every refusal is a `ServiceError` with a
 * document code of the spec.
 *
 * 1. `empty_file` (no bytes), 2. `file_too_large` (over `maxFileBytes`), 3. the type by the bytes
 * (`unsupported_media_type` for AVIF and anything not JPEG, PNG, WebP, TIFF, HEIC/HEIF or PDF),
 * 4. warning `declared_type_mismatch` when the declared type disagrees (the file is still read),
 * 5. the format's own checks: header dimensions against the limits (`image_too_large`) before
 * any pixel is decoded; TIFF frames and PDF pages against `maxPages` (`too_many_pages`) before
 * any page is touched; then decoding (`unreadable_image`, `heic_unsupported`, `unreadable_pdf`,
 * `pdf_encrypted`, `empty_pdf`).
 *
 * Images are decoded here (a damaged photo is refused at intake); `render()` hands the raster
 * over. PDF pages carry their text layer and are rendered on demand; `close()` frees the PDF.
 * A PDF's embedded XML files (e-invoices) come as `embeddedXml`; when they cannot be read,
 * `embeddedXmlUnreadable` says so and the document is read all the same.
 */
export async function readDocument(bytes: Uint8Array, options: ReadDocumentOptions = {}): Promise<IntakeResult> {
  if (!(bytes instanceof Uint8Array)) throw new ServiceError('internal_error', { message: 'readDocument expects the bytes as a Uint8Array.' });
  const limits = resolveLimits(options.limits);
  if (bytes.length === 0) throw new ServiceError('empty_file');
  if (bytes.length > limits.maxFileBytes) throw new ServiceError('file_too_large');

  const sniffed = sniffMediaType(bytes);
  const mediaType = sniffed.mediaType;
  if (!mediaType) throw new ServiceError('unsupported_media_type', { details: { detected: sniffed.detected } });
  const warnings = declaredTypeMismatch(options.declaredType, mediaType) ? ['declared_type_mismatch'] : [];

  const result = (pages: DocumentPage[], close: () => Promise<void> = async () => undefined): IntakeResult => ({ mediaType, pages, warnings, close });

  switch (mediaType) {
    case 'image/jpeg':
    case 'image/png':
    case 'image/webp':
      return result([await guard(readSingleImage(bytes, mediaType, limits), 'unreadable_image')]);
    case 'image/tiff':
      return result(await guard(readTiff(bytes, limits), 'unreadable_image'));
    case 'image/heic':
    case 'image/heif':
      return result([imagePage(1, await guard(decodeHeif(bytes, limits, options.heifDecoder === undefined ? loadLibheif : options.heifDecoder), 'unreadable_image'))]);
    case 'application/pdf': {
      const timeoutMs = options.pdfOperationTimeoutMs ?? DEFAULT_PDF_OPERATION_TIMEOUT_MS;
      // pdf.js runs in a process of its own, stopped when its memory or a step's time overruns.
      const pdf = await guard(openPdfIsolated(bytes, { limits, timeoutMs }), 'unreadable_pdf');
      const read = result(pdf.pages, pdf.close);
      if (pdf.embeddedXml.length > 0) read.embeddedXml = pdf.embeddedXml;
      if (pdf.embeddedXmlUnreadable) read.embeddedXmlUnreadable = true;
      return read;
    }
  }
}

async function readSingleImage(bytes: Uint8Array, mediaType: MediaType, limits: IntakeLimits): Promise<DocumentPage> {
  if (mediaType === 'image/png') {
    // The IHDR is read here, so that a header claiming a huge image is refused even when no
    // pixel data follows it (the decoder would call that damaged first).
    const ihdr = pngHeaderSize(bytes);
    if (ihdr && ihdr.width > 0 && ihdr.height > 0) assertImageWithinLimits(ihdr.width, ihdr.height, limits);
    if (findPngDamage(bytes)) throw new ServiceError('unreadable_image');
  }
  const header = await readRasterHeader(bytes);
  assertImageWithinLimits(header.width, header.height, limits);
  return imagePage(1, await decodeRaster(bytes, limits));
}

async function readTiff(bytes: Uint8Array, limits: IntakeLimits): Promise<DocumentPage[]> {
  const { pages: count } = await readRasterHeader(bytes);
  if (count > limits.maxPages) throw new ServiceError('too_many_pages');
  // Every frame's header first: a frame over the limits refuses the file before any decoding.
  for (let index = 0; index < count; index++) {
    const header = await readRasterHeader(bytes, index);
    assertImageWithinLimits(header.width, header.height, limits);
  }
  const pages: DocumentPage[] = [];
  let cached = 0;
  for (let index = 0; index < count; index++) {
    const image = await decodeRaster(bytes, limits, index);
    if (cached + image.data.length <= TIFF_RASTER_CACHE_BYTES) {
      cached += image.data.length;
      pages.push(imagePage(index + 1, image));
    } else {
      // Decoded once to prove the frame readable; decoded again when asked for.
      pages.push({ number: index + 1, width: image.width, height: image.height, render: () => decodeRaster(bytes, limits, index) });
    }
  }
  return pages;
}

function imagePage(number: number, image: RgbImage): DocumentPage {
  return { number, width: image.width, height: image.height, render: async () => image };
}

/** Anything but a ServiceError thrown while reading a format becomes that format's code. */
async function guard<T>(work: Promise<T>, code: 'unreadable_image' | 'unreadable_pdf'): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isServiceError(error)) throw error;
    throw new ServiceError(code, { cause: error });
  }
}
