import { ServiceError } from '../errors/service-error.js';
import { DEFAULT_INTAKE_LIMITS, type IntakeLimits } from './document.js';

/**
 * The limits in force: the spec's defaults, lowered where the caller (deployment or organization)
 * asks. A limit can only be lowered: a value above the spec's maximum, or one that is not a
 * positive number, leaves the default.
 */
export function resolveLimits(limits: Partial<IntakeLimits> | undefined): IntakeLimits {
  const resolved = { ...DEFAULT_INTAKE_LIMITS };
  if (!limits) return resolved;
  for (const key of Object.keys(resolved) as (keyof IntakeLimits)[]) {
    const value = limits[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) resolved[key] = Math.min(resolved[key], Math.floor(value));
  }
  return resolved;
}

/** True when an image of this size is over the limits: a side over `maxSidePx` or more than `maxPixels`. */
export function exceedsImageLimits(width: number, height: number, limits: IntakeLimits): boolean {
  return width > limits.maxSidePx || height > limits.maxSidePx || width * height > limits.maxPixels;
}

/** Throws `image_too_large` for an image (header dimensions) over the limits; both sides are checked, so orientation does not matter. */
export function assertImageWithinLimits(width: number, height: number, limits: IntakeLimits): void {
  if (!(width > 0 && height > 0)) throw new ServiceError('unreadable_image');
  if (exceedsImageLimits(width, height, limits)) throw new ServiceError('image_too_large');
}

/** PDF pages are rendered at about 200 dpi ... */
export const PDF_RENDER_DPI = 200;
/** ... but never over 4,000 px on the long side (an A0 poster would be 9,000+). */
export const PDF_MAX_LONG_SIDE_PX = 4000;

/**
 * Photos and scans whose short side exceeds this are read scaled down to it (an A4 page at
 * 300 dpi is 2,480 px wide): more resolution adds decoding and OCR time, not accuracy
 * (docs/benchmarks.md). The short side, so long narrow receipts keep their text size; a JPEG
 * twice as large decodes at half size directly (libjpeg's scaled decoding).
 */
export const RASTER_MAX_SHORT_SIDE_PX = 2480;

/**
 * Scale (pixels per PDF point) to render a page of `widthPt` x `heightPt` points (as rotated for
 * display): 200 dpi, lowered so that the long side stays within 4,000 px and the raster within
 * the image limits. Undefined for a page without a usable size.
 */
export function pdfRenderScale(widthPt: number, heightPt: number, limits: IntakeLimits): number | undefined {
  if (!(widthPt > 0 && heightPt > 0 && Number.isFinite(widthPt) && Number.isFinite(heightPt))) return undefined;
  const longSide = Math.max(widthPt, heightPt);
  const cap = Math.min(PDF_MAX_LONG_SIDE_PX, limits.maxSidePx);
  let scale = Math.min(PDF_RENDER_DPI / 72, cap / longSide, Math.sqrt(limits.maxPixels / (widthPt * heightPt)));
  // Rounding up to whole pixels must not cross a limit.
  while (scale > 0 && exceedsImageLimits(Math.round(widthPt * scale), Math.round(heightPt * scale), limits)) scale *= 0.99;
  return scale > 0 ? scale : undefined;
}
