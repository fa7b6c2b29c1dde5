/**
 * Prints a receipt's lines at their own places as a flat-bed scan of a thermal receipt, for the
 * confidence fit (fit-calibration.ts): SROIE's tuning receipts have ground-truth lines and boxes
 * but no images, and without OCR read from scans the fit cannot learn how confident the
 * recogniser is on a scanned receipt's right and wrong values.
 *
 * Each line is drawn in its box (the font sized to the box's height, stretched to its width) in a
 * sans or monospace face, then the page gets thermal ink (uneven darkness, bleed), a grey-white
 * paper, grain, blur and JPEG compression, like SROIE's scans. The seed fixes every choice.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { addGrain } from '../../models/slips/grain.js';
import { mulberry32, Rng } from '../../models/slips/rng.js';

export interface PlacedLine {
  text: string;
  /** Box in pixels of the original page. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Faces thermal receipt printers resemble; DejaVu Sans is required, the others used when installed. */
const FACES = ['DejaVu Sans', 'DejaVu Sans Condensed', 'Liberation Sans', 'Liberation Sans Narrow', 'FreeSans', 'DejaVu Sans Mono', 'Liberation Mono'];

export async function renderScan(lines: readonly PlacedLine[], seed: number): Promise<Buffer> {
  const rng = new Rng(seed);
  const faces = FACES.filter((f) => GlobalFonts.has(f));
  if (!faces.includes('DejaVu Sans')) throw new Error('renderScan needs the DejaVu Sans font (fonts-dejavu)');
  const face = rng.pick(faces);
  const bold = rng.chance(0.35);
  const margin = rng.int(10, 30);
  const width = Math.ceil(Math.max(100, ...lines.map((l) => l.x + l.width)) + margin);
  const height = Math.ceil(Math.max(100, ...lines.map((l) => l.y + l.height)) + margin);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const paper = rng.int(225, 250);
  ctx.fillStyle = `rgb(${paper},${paper},${Math.max(210, paper - rng.int(0, 12))})`;
  ctx.fillRect(0, 0, width, height);

  const ink = rng.int(20, 90);
  ctx.textBaseline = 'alphabetic';
  for (const l of lines) {
    if (!l.text.trim() || l.width < 2 || l.height < 4) continue;
    // Cap height is about 0.73 of the font size; SROIE's boxes hold the letters with a little air.
    let size = Math.max(8, l.height * rng.float(0.95, 1.1));
    const font = (px: number) => `${bold || rng.chance(0.08) ? 'bold ' : ''}${px.toFixed(1)}px "${face}"`;
    ctx.font = font(size);
    // Stretched to the box's width within what a printer's faces look like; a box too narrow for
    // the text at its height takes a smaller font.
    let stretch = l.width / (ctx.measureText(l.text).width || 1);
    if (stretch < 0.75) {
      size = Math.max(6, (size * stretch) / 0.75);
      ctx.font = font(size);
      stretch = l.width / (ctx.measureText(l.text).width || 1);
    }
    ctx.globalAlpha = rng.float(0.65, 1);
    ctx.fillStyle = `rgb(${ink},${ink},${ink + rng.int(0, 25)})`;
    ctx.save();
    ctx.translate(l.x, l.y + l.height * 0.86);
    ctx.scale(Math.min(1.4, Math.max(0.7, stretch)), 1);
    ctx.fillText(l.text, 0, 0);
    ctx.restore();
  }
  ctx.globalAlpha = 1;

  // Thermal fade: a band of the page printed or kept lighter than the rest.
  if (rng.chance(0.5)) {
    const top = rng.int(0, height);
    const band = ctx.createLinearGradient(0, top, 0, Math.min(height, top + rng.int(80, 400)));
    band.addColorStop(0, 'rgba(255,255,255,0)');
    band.addColorStop(0.5, `rgba(255,255,255,${rng.float(0.15, 0.45)})`);
    band.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = band;
    ctx.fillRect(0, 0, width, height);
  }
  return degrade(Buffer.from(canvas.data()), width, height, rng);
}

/** Grain, bleed (blur) and the scanner's JPEG. */
async function degrade(rgba: Buffer, width: number, height: number, rng: Rng): Promise<Buffer> {
  addGrain(rgba, width, height, rng.float(3, 12), mulberry32(rng.seed()));
  let img = sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha();
  img = img.blur(rng.float(0.5, 1.3));
  return img.jpeg({ quality: rng.int(35, 85) }).toBuffer();
}
