import sharp from 'sharp';
import type { RgbImage } from '../../contracts/raster.js';
import { ServiceError, isServiceError } from '../../errors/service-error.js';
import type { IntakeLimits } from '../document.js';
import { assertImageWithinLimits, RASTER_MAX_SHORT_SIDE_PX } from '../limits.js';

/**
 * How strict sharp (libvips) is while decoding: `error`. A decoder *error* refuses the file,
 * including a truncated JPEG ("premature end of JPEG image"): a photo cut in half is refused as
 * `unreadable_image` instead of being read as half a receipt padded with grey. Decoder *warnings*
 * are let through: libjpeg's "extraneous bytes before marker" and similar notes about harmless
 * junk between segments (common in files from phones and Photoshop) do not refuse a photo whose
 * pixels decode in full. Damaged PNG chunks are caught before decoding (see png-check.ts).
 */
const FAIL_ON = 'error' as const;

export interface RasterHeader {
  width: number;
  height: number;
  /** Frames (TIFF IFDs); 1 for single-image formats. */
  pages: number;
}

/** Header facts without decoding pixels (sharp `metadata()`); a header that cannot be read is `unreadable_image`. */
export async function readRasterHeader(bytes: Uint8Array, page = 0): Promise<RasterHeader> {
  try {
    const meta = await sharp(bytes, { failOn: FAIL_ON, page }).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (!(width > 0 && height > 0)) throw new ServiceError('unreadable_image');
    return { width, height, pages: meta.pages ?? 1 };
  } catch (error) {
    throw asImageError(error);
  }
}

/**
 * Decodes one page (frame) to upright 8-bit sRGB: EXIF/TIFF orientation applied, the short
 * side at most RASTER_MAX_SHORT_SIDE_PX, transparency flattened onto white, grey and CMYK
 * converted, 16-bit reduced to 8. The header must already
 * have been checked against the limits; `limitInputPixels` guards the decoder as well.
 */
export async function decodeRaster(bytes: Uint8Array, limits: IntakeLimits, page = 0): Promise<RgbImage> {
  try {
    const { data, info } = await sharp(bytes, { failOn: FAIL_ON, limitInputPixels: limits.maxPixels, page, pages: 1 })
      .rotate()
      // 'outside' with equal bounds: the short side comes down to the bound, the aspect stays.
      .resize({ width: RASTER_MAX_SHORT_SIDE_PX, height: RASTER_MAX_SHORT_SIDE_PX, fit: 'outside', withoutEnlargement: true })
      .flatten({ background: { r: 255, g: 255, b: 255 } })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    assertImageWithinLimits(info.width, info.height, limits);
    if (info.channels !== 3 || data.length !== info.width * info.height * 3) throw new ServiceError('unreadable_image');
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (error) {
    throw asImageError(error);
  }
}

function asImageError(error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  const message = error instanceof Error ? error.message : '';
  if (/exceeds pixel limit/i.test(message)) return new ServiceError('image_too_large', { cause: error });
  return new ServiceError('unreadable_image', { cause: error });
}
