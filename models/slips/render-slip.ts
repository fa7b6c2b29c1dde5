/**
 * Prints slip lines as a thermal printer does, for OCR benchmarks: 384-dot (58 mm) or 576-dot
 * (80 mm) paper, a monospace face at 18 to 28 px, slightly uneven ink (lines fainter than others,
 * one side of the head weaker, sometimes a dead dot column), sometimes a bold header or a
 * double-height amount line, then light noise and blur, a small rotation and a white margin.
 * Kept mild on purpose: the slips must stay readable by OCR, the point is to test extraction.
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { addGrain } from './grain.js';
import { mulberry32, Rng } from './rng.js';

/** Monospace faces to print in; DejaVu Sans Mono is required, the others used when installed. */
const MONO_FACES = ['DejaVu Sans Mono', 'Liberation Mono', 'Noto Sans Mono', 'FreeMono', 'Ubuntu Mono'];

/** Advance width of one character of a monospace face, per pixel of font size (DejaVu: 0.602). */
function advance(ctx: SKRSContext2D, font: string): number {
  ctx.font = `100px "${font}"`;
  return ctx.measureText('0000000000').width / 1000;
}

/** The line to print double height: the last one holding an amount ("25,48", "1 234.50"), not a date. */
function amountLine(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i];
    if (/\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(l) || /\d:\d\d/.test(l)) continue;
    if (/\d[.,]\d{2}(?![\d.,/:])/.test(l)) return i;
  }
  return -1;
}

export async function renderSlip(lines: string[], seed: number): Promise<{ png: Buffer; width: number; height: number }> {
  const rng = new Rng(seed);
  const faces = MONO_FACES.filter((f) => GlobalFonts.has(f));
  if (!faces.includes('DejaVu Sans Mono')) throw new Error('renderSlip needs the DejaVu Sans Mono font (fonts-dejavu)');
  const face = rng.chance(0.75) ? 'DejaVu Sans Mono' : rng.pick(faces);

  // Paper and font: a printer's fixed columns, so short slips keep the printer's character size.
  const cols = Math.max(1, ...lines.map((l) => l.length));
  const paper = cols <= 32 ? 384 : 576;
  const pad = rng.int(6, 16);
  const nominal = paper === 384 ? Math.max(cols, rng.pick([24, 32, 32])) : Math.max(cols, rng.pick([36, 42, 48]));
  const scratch = createCanvas(8, 8).getContext('2d');
  const perPx = advance(scratch, face);
  const size = Math.min(28, Math.max(18, (paper - 2 * pad) / nominal / perPx));
  // A line longer than the paper's columns (text from elsewhere) shrinks the font rather than clip.
  const fontSize = Math.min(size, (paper - 2 * pad) / cols / perPx);
  const lineHeight = Math.round(fontSize * rng.float(1.15, 1.4));

  const bigLine = rng.chance(0.35) ? amountLine(lines) : -1;
  const firstText = lines.findIndex((l) => l.trim() !== '');
  const boldHeader = rng.chance(0.4) ? firstText : -1;
  const feedTop = rng.int(8, 50);
  const feedBottom = rng.int(8, 60);
  const textHeight = lines.length * lineHeight + (bigLine >= 0 ? lineHeight : 0);
  const paperHeight = feedTop + textHeight + feedBottom + 2 * pad;

  // Rotation small enough that the bottom corners of the text stay on the canvas.
  const margin = rng.int(16, 40);
  const maxTilt = Math.asin(Math.min(1, (margin + pad - 4) / (paperHeight / 2)));
  const tilt = rng.chance(0.7) ? Math.min(rng.float(0, (1.5 * Math.PI) / 180), maxTilt) * (rng.chance(0.5) ? 1 : -1) : 0;

  const width = paper + 2 * margin;
  const height = paperHeight + 2 * margin;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate(tilt);
  ctx.translate(-width / 2, -height / 2);

  const tint = rng.int(244, 252);
  ctx.fillStyle = `rgb(${tint},${tint},${Math.max(236, tint - rng.int(0, 8))})`;
  ctx.fillRect(margin, margin, paper, paperHeight);

  const ink = rng.int(10, 60);
  ctx.textBaseline = 'alphabetic';
  let y = margin + pad + feedTop;
  for (let i = 0; i < lines.length; i++) {
    const bold = i === boldHeader;
    ctx.font = `${bold ? 'bold ' : ''}${fontSize.toFixed(1)}px "${face}"`;
    ctx.globalAlpha = rng.float(0.8, 1);
    ctx.fillStyle = `rgb(${ink},${ink},${ink})`;
    const x = margin + pad + rng.float(-0.6, 0.6);
    if (i === bigLine) {
      ctx.save();
      ctx.translate(x, y + 2 * lineHeight - fontSize * 0.5);
      ctx.scale(1, 2);
      ctx.fillText(lines[i], 0, 0);
      ctx.restore();
      y += 2 * lineHeight;
    } else {
      ctx.fillText(lines[i], x, y + lineHeight - fontSize * 0.25);
      y += lineHeight;
    }
  }
  ctx.globalAlpha = 1;

  // A weaker side of the print head, and sometimes a dead dot column.
  const fade = ctx.createLinearGradient(margin, 0, margin + paper, 0);
  const weak = rng.float(0, 0.3);
  const left = rng.chance(0.5);
  fade.addColorStop(0, `rgba(255,255,255,${left ? weak : 0})`);
  fade.addColorStop(1, `rgba(255,255,255,${left ? 0 : weak})`);
  ctx.fillStyle = fade;
  ctx.fillRect(margin, margin, paper, paperHeight);
  if (rng.chance(0.3)) {
    ctx.fillStyle = `rgba(255,255,255,${rng.float(0.25, 0.5)})`;
    ctx.fillRect(margin + rng.int(pad, paper - pad), margin, rng.int(1, 2), paperHeight);
  }

  const png = await degrade(Buffer.from(canvas.data()), width, height, rng);
  return { png, width, height };
}

/** Grain (grain.ts), then sharp's blur. */
async function degrade(rgba: Buffer, width: number, height: number, rng: Rng): Promise<Buffer> {
  addGrain(rgba, width, height, rng.float(2, 8), mulberry32(rng.seed()));
  let img = sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha();
  if (rng.chance(0.5)) img = img.grayscale();
  if (rng.chance(0.7)) img = img.blur(rng.float(0.3, 0.8));
  return img.png({ compressionLevel: 2 }).toBuffer();
}
