/** An 8-bit RGB raster, row-major, 3 bytes a pixel: what intake hands to OCR. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A single-channel float plane (probability maps and the like). */
export interface FloatPlane {
  width: number;
  height: number;
  data: Float32Array;
}
