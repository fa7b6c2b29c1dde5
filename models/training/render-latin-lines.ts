/**
 * Synthetic line crops for the Latin recogniser: receipt-like lines in European languages
 * (latin-line-texts.ts) rendered in the training fonts of data/training-sources.json, degraded as
 * thermal prints, dot-matrix prints and phone photos are (line-degrade.ts), and stored as the page
 * reader crops lines (height 48, natural width, contrast stretched).
 *
 *   tsx models/training/render-latin-lines.ts <out-dir> <count> [seed] [--dictionary <dict.txt>] [--fonts training|bench]
 *     [--texts <lines.txt>] [--dot-matrix <share>]
 *
 * `--texts`: lines drawn at random from a file (sroie-line-texts.ts) instead of made up, a fifth of
 * them in lower or title case (the file's till text is upper case); `--dot-matrix`: the share of
 * lines printed as dots (default 0.1).
 *
 * Writes crops.bin / crops.jsonl in the format of dump-line-crops.ts; each row also names the
 * line's language and font. The same seed gives the same crops.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { autoContrast } from '../../engine/src/ocr/image-ops.js';
import { createCropStore } from './crop-store.js';
import { degradeLine, greyOf, type Grey } from './line-degrade.js';
import { lineMaker, loadLabelWords, loadWords, readTrainingSources } from './latin-line-texts.js';
import { mulberry32 as seededRandom } from '../slips/rng.js';

const HEIGHT = 48;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dictionary: { type: 'string', default: new URL('../weights/latin-dict.txt', import.meta.url).pathname },
    // `bench`: the fonts kept out of training, for a validation set of crops.
    fonts: { type: 'string', default: 'training' },
    texts: { type: 'string' },
    'dot-matrix': { type: 'string', default: '0.1' },
  },
});
const [out, countArg, seedArg] = positionals;
if (!out) throw new Error('usage: render-latin-lines.ts <out-dir> <count> [seed] [--dictionary <dict.txt>]');
const count = Number(countArg ?? 10000);
const random = seededRandom(Number(seedArg ?? 31));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

const alphabet = readFileSync(values.dictionary, 'utf8').split('\n').filter(Boolean);
const readable = new Set([...alphabet, ' ']);
const sources = readTrainingSources();
const lines = values.texts ? fileLines(values.texts) : lineMaker(random, loadWords(sources), loadLabelWords(), alphabet);
const dotMatrixShare = Number(values['dot-matrix']);
const fonts = values.fonts === 'bench' ? sources.benchFonts.families : sources.trainingFonts.families;

/** Lines of a text file in random order, a fifth of them re-cased as shops also print. */
function fileLines(file: string): { next(): { text: string; language: string } } {
  const all = readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  const title = (s: string) => s.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_, sp: string, ch: string) => sp + ch.toUpperCase());
  return {
    next() {
      let text = pick(all);
      // Till text is full of one-figure lines (`1`, `0.00`); most are drawn again for longer ones.
      while (text.length < 4 && random() < 0.6) text = pick(all);
      const r = random();
      return { text: r < 0.1 ? text.toLowerCase() : r < 0.2 ? title(text) : text, language: 'text' };
    },
  };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The line in black on white, trimmed to its ink and padded as the detector pads its boxes. */
async function renderClean(text: string, font: string): Promise<Grey> {
  const size = 22 + Math.floor(random() * 20);
  const weight = random() < 0.25 ? 'bold' : 'normal';
  const spacing = random() < 0.3 ? ((random() - 0.3) * 0.15 * size).toFixed(1) : '0';
  const squeeze = random() < 0.3 ? 0.75 + random() * 0.3 : 1;
  const width = Math.ceil(size * 0.8 * text.length * squeeze + 2 * size + Math.max(0, Number(spacing)) * text.length);
  const height = Math.ceil(size * 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="white"/>
<text transform="translate(${size},${Math.round(size * 1.35)}) scale(${squeeze.toFixed(3)},1)" font-family="${font}" font-weight="${weight}" font-size="${size}" letter-spacing="${spacing}" fill="black" xml:space="preserve">${escapeXml(text)}</text></svg>`;
  const trimmed = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).trim({ threshold: 40 }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const pad = Math.round(trimmed.info.height * (0.2 + random() * 0.15));
  return greyOf(
    sharp(trimmed.data, { raw: { width: trimmed.info.width, height: trimmed.info.height, channels: trimmed.info.channels } }).extend({
      top: pad,
      bottom: pad,
      left: pad,
      right: pad,
      background: { r: 255, g: 255, b: 255 },
    }),
  );
}

const store = createCropStore(out);
let written = 0;
while (written < count) {
  const { text, language } = lines.next();
  if ([...text].some((ch) => !readable.has(ch))) continue;
  const font = pick(fonts);
  const img = await degradeLine(await renderClean(text, font), random, dotMatrixShare);
  const outW = Math.max(8, Math.round((img.width / img.height) * HEIGHT));
  const grey = (await greyOf(sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } }).resize(outW, HEIGHT, { fit: 'fill' }))).data;
  const rgb = new Uint8Array(outW * HEIGHT * 3);
  for (let p = 0; p < outW * HEIGHT; p++) rgb[p * 3] = rgb[p * 3 + 1] = rgb[p * 3 + 2] = grey[p];
  const crop = autoContrast({ width: outW, height: HEIGHT, data: rgb }, 0.01);
  store.add(crop, { file: 'synthetic', language, font, text });
  written++;
}
console.log(`${count} Latin line crops in ${out}`);
