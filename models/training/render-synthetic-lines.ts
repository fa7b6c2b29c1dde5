/**
 * Synthetic line crops for the recogniser fine-tune: random receipt-like text (amounts, codes
 * with leading zeros, dates, times, words in mixed case) rendered with the DejaVu families in
 * varying ink, paper and blur. Mixed into the scanned-receipt crops, they keep the model reading
 * clean digital fonts, which receipt scans alone would let it forget.
 *
 *   tsx models/training/render-synthetic-lines.ts <out-dir> <count> [seed]
 *
 * Writes the same crops.bin / crops.jsonl format as dump-line-crops.ts.
 */
import sharp from 'sharp';
import { autoContrast } from '../../engine/src/ocr/image-ops.js';
import { createCropStore } from './crop-store.js';

const [out, countArg, seedArg] = process.argv.slice(2);
if (!out) throw new Error('usage: render-synthetic-lines.ts <out-dir> <count> [seed]');
const count = Number(countArg ?? 1500);

// Small deterministic generator (mulberry32), so a run can be repeated exactly.
let state = Number(seedArg ?? 11) >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const digits = (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join('');

const WORDS = [
  'total', 'subtotal', 'tax', 'vat', 'gst', 'cash', 'change', 'card', 'visa', 'mastercard', 'amount', 'due',
  'qty', 'item', 'price', 'discount', 'rounding', 'invoice', 'receipt', 'date', 'time', 'tel', 'table',
  'server', 'thank', 'you', 'please', 'come', 'again', 'balance', 'paid', 'tip', 'auth', 'code', 'ref',
  'store', 'cashier', 'member', 'points', 'coffee', 'bread', 'milk', 'water', 'rice', 'chicken', 'sugar',
  'street', 'road', 'jalan', 'taman', 'market', 'bakery', 'deli', 'mart', 'sdn', 'bhd', 'ltd', 'inc',
];
const PUNCT = [':', '.', ',', '-', '/', '#', '(', ')', '*', '&', '%', '@', '+', "'"];
const FONTS = ['DejaVu Sans', 'DejaVu Sans Mono', 'DejaVu Serif', 'DejaVu Sans Condensed', 'DejaVu Serif Condensed'];

const word = () => {
  const w = pick(WORDS);
  const r = random();
  return r < 0.4 ? w.toUpperCase() : r < 0.7 ? w[0].toUpperCase() + w.slice(1) : w;
};
const amount = () => {
  const v = (int(0, 99999) / 100).toFixed(2);
  return random() < 0.2 && v.length > 6 ? v.replace(/^(\d+)(\d{3}\.)/, '$1,$2') : v;
};
const LINES: (() => string)[] = [
  () => `${word()} ${amount()}`,
  () => `${word()} ${word()}: ${amount()}`,
  () => `${word()} No: ${digits(int(4, 8))}`,
  () => `${digits(int(3, 12))}`,
  () => `${String(int(1, 28)).padStart(2, '0')}/${String(int(1, 12)).padStart(2, '0')}/${int(2015, 2026)}`,
  () => `${word()}: ${String(int(0, 23)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}${random() < 0.5 ? ':' + String(int(0, 59)).padStart(2, '0') : ''}`,
  () => `${int(1, 9)} x ${word()} ${word()}`,
  () => `${word()} ${word()} ${word()}${pick(PUNCT)}`,
  () => `${pick(['RM', '$', 'GBP', 'EUR', 'USD'])} ${amount()}`,
  () => `${word()} ${pick(PUNCT)} ${digits(int(2, 6))}${pick(PUNCT)}${digits(int(2, 6))}`,
  () => `**** **** **** ${digits(4)}`,
  () => `${int(1, 999)} ${word()} ${pick(['St', 'Rd', 'Ave', 'Jalan'])}, ${digits(5)}`,
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const store = createCropStore(out);
for (let i = 0; i < count; i++) {
  const text = pick(LINES)();
  const size = int(18, 44);
  const ink = int(0, 90);
  const paper = int(190, 255);
  const bold = random() < 0.25 ? 'bold' : 'normal';
  const width = Math.ceil(size * 0.75 * text.length) + 2 * size;
  const height = Math.ceil(size * 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="rgb(${paper},${paper},${paper})"/>
<text x="${size}" y="${Math.round(size * 1.35)}" font-family="${pick(FONTS)}" font-weight="${bold}" font-size="${size}" fill="rgb(${ink},${ink},${ink})" xml:space="preserve">${escapeXml(text)}</text></svg>`;
  // Trim to the ink, then pad as the detector's boxes are padded (about a quarter of the height).
  const trimmed = await sharp(Buffer.from(svg)).flatten().trim({ threshold: 40 }).toBuffer({ resolveWithObject: true });
  const pad = Math.round(trimmed.info.height * (0.2 + random() * 0.15));
  let img = sharp(trimmed.data).extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: paper, g: paper, b: paper } });
  const blur = random();
  if (blur < 0.5) img = img.blur(0.3 + blur * 1.4);
  // sharp resizes before it extends within one pipeline: finish the padding first.
  img = sharp(await img.png().toBuffer());
  const h = trimmed.info.height + 2 * pad;
  const w = trimmed.info.width + 2 * pad;
  const outW = Math.max(8, Math.round((w / h) * 48));
  const raw = await img.resize(outW, 48, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Grey images come back with one channel: spread it to RGB.
  const rgb = new Uint8Array(outW * 48 * 3);
  const ch = raw.info.channels;
  for (let p = 0; p < outW * 48; p++) for (let c = 0; c < 3; c++) rgb[p * 3 + c] = raw.data[p * ch + Math.min(c, ch - 1)];
  const crop = autoContrast({ width: outW, height: 48, data: rgb }, 0.01);
  store.add(crop, { file: 'synthetic', text });
}
console.log(`${count} synthetic line crops in ${out}`);
