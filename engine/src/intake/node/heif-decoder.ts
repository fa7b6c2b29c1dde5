import { createRequire } from 'node:module';
import type { RgbImage } from '../../contracts/raster.js';
import { ServiceError } from '../../errors/service-error.js';
import type { IntakeLimits } from '../document.js';
import { assertImageWithinLimits } from '../limits.js';

/**
 * The part of libheif-js (the Emscripten build of libheif, WASM bundle) that intake uses. Error
 * results carry embind enum values whose numeric `value` is libheif's `heif_error_code`.
 */
export interface LibHeif {
  heif_context_alloc(): unknown;
  heif_context_free(context: unknown): void;
  heif_context_read_from_memory(context: unknown, data: Uint8Array): HeifError;
  heif_js_context_get_primary_image_handle(context: unknown): unknown;
  heif_image_handle_get_width(handle: unknown): number;
  heif_image_handle_get_height(handle: unknown): number;
  heif_image_handle_has_alpha_channel(handle: unknown): number | boolean;
  heif_image_handle_is_premultiplied_alpha(handle: unknown): number | boolean;
  heif_image_handle_release(handle: unknown): void;
  heif_js_decode_image2(handle: unknown, colorspace: unknown, chroma: unknown): HeifDecoded | HeifError | Promise<HeifDecoded | HeifError>;
  heif_image_release(image: unknown): void;
  heif_colorspace: { heif_colorspace_RGB: unknown };
  heif_chroma: { heif_chroma_interleaved_RGB: unknown; heif_chroma_interleaved_RGBA: unknown };
}

interface HeifError {
  code: { value: number } | number;
  message?: string;
}

interface HeifDecoded {
  image: unknown;
  width: number;
  height: number;
  channels: { id: unknown; width: number; height: number; stride: number; data: Uint8Array }[];
}

/** Loads the HEIF decoder; a deployment without HEIC support passes one that rejects. */
export type HeifDecoderLoader = () => Promise<LibHeif>;

/** libheif's `heif_error_Unsupported_feature`: e.g. a codec this build lacks. */
const HEIF_ERROR_UNSUPPORTED_FEATURE = 4;
const HEIF_ERROR_UNSUPPORTED_FILETYPE = 3;

let cached: Promise<LibHeif> | undefined;

/**
 * The default loader: libheif-js's WASM bundle (`libheif-js/wasm-bundle`, the `.wasm` binary
 * inlined), loaded once per process on first use (about 0.2 s, 2 MB of JavaScript).
 */
export const loadLibheif: HeifDecoderLoader = () => {
  cached ??= (async () => {
    const require = createRequire(import.meta.url);
    const lib = require('libheif-js/wasm-bundle') as LibHeif;
    if (typeof lib?.heif_context_alloc !== 'function' || typeof lib.heif_js_decode_image2 !== 'function') {
      throw new Error('libheif-js loaded without the expected API');
    }
    return lib;
  })();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
};

function errorCode(result: unknown): number | undefined {
  if (!result || typeof result !== 'object' || !('code' in result)) return undefined;
  const code = (result as HeifError).code;
  const value = typeof code === 'number' ? code : code?.value;
  return typeof value === 'number' ? value : undefined;
}

function isFailure(result: unknown): result is HeifError {
  const code = errorCode(result);
  return code !== undefined && code !== 0;
}

/**
 * Decodes the primary image of a HEIC/HEIF file to upright RGB. libheif applies the file's
 * transformations (`irot`, `imir`, `clap`) while decoding, as the HEIF spec requires; EXIF
 * orientation is not applied on top (HEIF writers keep it at 1 or in step with `irot`).
 * Dimensions (after transformations) are checked against the limits before pixels are decoded.
 * Transparency is flattened onto white.
 */
export async function decodeHeif(bytes: Uint8Array, limits: IntakeLimits, loader: HeifDecoderLoader | null): Promise<RgbImage> {
  let lib: LibHeif;
  try {
    if (!loader) throw new Error('HEIC/HEIF decoding is not configured');
    lib = await loader();
  } catch (cause) {
    throw new ServiceError('heic_unsupported', { cause });
  }

  const context = lib.heif_context_alloc();
  if (!context) throw new ServiceError('unreadable_image');
  let handle: unknown;
  try {
    const read = lib.heif_context_read_from_memory(context, bytes);
    if (isFailure(read)) {
      throw new ServiceError(errorCode(read) === HEIF_ERROR_UNSUPPORTED_FILETYPE ? 'heic_unsupported' : 'unreadable_image');
    }
    handle = lib.heif_js_context_get_primary_image_handle(context);
    if (!handle || isFailure(handle)) {
      handle = undefined;
      throw new ServiceError('unreadable_image');
    }
    assertImageWithinLimits(lib.heif_image_handle_get_width(handle), lib.heif_image_handle_get_height(handle), limits);
    const alpha = Boolean(lib.heif_image_handle_has_alpha_channel(handle));
    const premultiplied = alpha && Boolean(lib.heif_image_handle_is_premultiplied_alpha(handle));
    const decoded = await lib.heif_js_decode_image2(
      handle,
      lib.heif_colorspace.heif_colorspace_RGB,
      alpha ? lib.heif_chroma.heif_chroma_interleaved_RGBA : lib.heif_chroma.heif_chroma_interleaved_RGB,
    );
    if (isFailure(decoded) || !('channels' in decoded)) {
      throw new ServiceError(errorCode(decoded) === HEIF_ERROR_UNSUPPORTED_FEATURE ? 'heic_unsupported' : 'unreadable_image');
    }
    try {
      return toRgb(decoded, alpha ? 4 : 3, premultiplied, limits);
    } finally {
      lib.heif_image_release(decoded.image);
    }
  } finally {
    if (handle) lib.heif_image_handle_release(handle);
    lib.heif_context_free(context);
  }
}

function toRgb(decoded: HeifDecoded, channels: 3 | 4, premultiplied: boolean, limits: IntakeLimits): RgbImage {
  const plane = decoded.channels.find((c) => c.data && c.width > 0 && c.height > 0 && c.stride >= c.width * channels);
  if (!plane) throw new ServiceError('unreadable_image');
  const { width, height, stride, data: source } = plane;
  assertImageWithinLimits(width, height, limits);
  if (source.length < stride * (height - 1) + width * channels) throw new ServiceError('unreadable_image');
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    let from = y * stride;
    let to = y * width * 3;
    for (let x = 0; x < width; x++, from += channels, to += 3) {
      if (channels === 3) {
        data[to] = source[from];
        data[to + 1] = source[from + 1];
        data[to + 2] = source[from + 2];
      } else {
        // Onto white: c' = c*a + 255*(1-a) (c already multiplied by a when premultiplied).
        const a = source[from + 3];
        for (let k = 0; k < 3; k++) {
          const c = source[from + k];
          data[to + k] = Math.round(premultiplied ? c + 255 - a : (c * a + 255 * (255 - a)) / 255);
        }
      }
    }
  }
  return { width, height, data };
}
