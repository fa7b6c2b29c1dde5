/**
 * Grain on RGBA pixels, in place: each row adds values read from a table of `±amplitude` noise at
 * a random offset, the same to red, green and blue. Far cheaper than a draw per pixel, and 4096
 * values are more than a row is wide, so no pattern repeats along a row. `draw` (a seeded stream)
 * fills the table first, then gives one offset per row.
 */
export function addGrain(rgba: Buffer, width: number, height: number, amplitude: number, draw: () => number): void {
  const table = Float32Array.from({ length: 4096 }, () => (draw() - 0.5) * 2 * amplitude);
  const px = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length);
  for (let y = 0; y < height; y++) {
    const offset = Math.floor(draw() * 4096);
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      const n = table[(offset + x) & 4095];
      px[i] += n;
      px[i + 1] += n;
      px[i + 2] += n;
    }
  }
}
