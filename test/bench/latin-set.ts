/**
 * The `latin` set of the OCR bench: receipts and slips in European languages, from texts the
 * bench holds (data/latin-receipts.json), rendered as receipt pages in fonts that training never
 * used (models/training/data/training-sources.json, benchFonts) with a scanner's light blur and
 * JPEG. Scored per language (char-errors.ts): character error rate, and the share of non-ASCII
 * characters read.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { readTrainingSources } from '../../models/training/latin-line-texts.js';

export interface LatinPage {
  language: string;
  font: string;
  truth: string[];
  png: Uint8Array;
}

export function benchFonts(): string[] {
  return readTrainingSources().benchFonts.families;
}

export function latinTexts(): Record<string, string[]> {
  const data = JSON.parse(readFileSync(new URL('./data/latin-receipts.json', import.meta.url), 'utf8')) as { receipts: Record<string, string[]> };
  return data.receipts;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One receipt page: the lines left-aligned on white, as a till prints them, scanned. */
export async function renderLatinPage(lines: readonly string[], font: string): Promise<Uint8Array> {
  const size = 26;
  const lead = Math.round(size * 1.7);
  const width = 720;
  const height = lead * (lines.length + 1) + size;
  const text = lines
    .map((l, i) => `<text x="36" y="${lead * (i + 1)}" font-family="${font}" font-size="${size}" fill="#202020" xml:space="preserve">${escapeXml(l)}</text>`)
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f4f0"/>${text}</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).blur(0.6).jpeg({ quality: 80 }).toBuffer();
  return new Uint8Array(await sharp(jpeg).png().toBuffer());
}

export async function latinPages(): Promise<LatinPage[]> {
  const pages: LatinPage[] = [];
  const fonts = benchFonts();
  for (const [language, truth] of Object.entries(latinTexts())) {
    for (const font of fonts) pages.push({ language, font, truth, png: await renderLatinPage(truth, font) });
  }
  return pages;
}

